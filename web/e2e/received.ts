// The messages a page's WebSocket receives, parsed, with each state's view whole: the page asks
// for its views as patches (docs/protocol.md, "Views as patches"), so a state that came as a
// `view_patch` is handed on with the view it makes, rebuilt from the one before it.
import { applyPatch, type PatchOp } from '../src/protocol/patch';

interface Socket {
  on(event: 'framereceived', f: (frame: { payload: string | Buffer }) => void): unknown;
}

export function onReceived(ws: Socket, f: (m: any) => void): void {
  let view: unknown = null;
  ws.on('framereceived', (frame) => {
    const m = JSON.parse(String(frame.payload));
    if (m?.type === 'state') {
      if (Array.isArray(m.view_patch)) {
        const { view_patch, ...rest } = m;
        view = applyPatch(view, view_patch as PatchOp[]);
        return f({ ...rest, view });
      }
      view = m.view;
    }
    f(m);
  });
}
