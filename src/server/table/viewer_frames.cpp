#include "server/table/viewer_frames.hpp"

#include <algorithm>

#include "server/table/view_patch.hpp"

namespace sabbat::server {

Frame state_frame(const Moment& m, Seat viewer, std::string_view view, const Events& events,
                  std::span<const std::string> texts, bool snapshot, bool patch) {
  return std::make_shared<const std::string>(
      state_text(m.state, viewer, view, m.told.told(viewer, m.actions), m.time, events, texts,
                 m.playing, m.now, snapshot, patch));
}

Frames build_frames(std::vector<Link>& links, ViewChains& chains, const Moment& m,
                    const Events* events, std::optional<Seat> only) {
  static const Events kNone;
  const Events& told = events ? *events : kNone;
  Frames f;
  f.seats.resize(m.seats);
  // One frame per seat that has a connection, and one for all spectators.
  std::vector<Seat> viewers;
  bool spectators = false;
  for (const Link& l : links) {
    if (only && l.seat != *only) continue;
    if (l.seat == kSpectator)
      spectators = true;
    else if (std::find(viewers.begin(), viewers.end(), l.seat) == viewers.end())
      viewers.push_back(l.seat);
  }
  if (spectators) viewers.push_back(kSpectator);
  // The parts every frame shares are written once: the views' common content, the events.
  std::vector<std::string> views;
  m.state.view_texts(viewers, views);
  const std::vector<std::string> texts = event_texts(told);
  const bool snapshot = events == nullptr;
  for (size_t i = 0; i < viewers.size(); ++i) {
    const Seat viewer = viewers[i];
    Told& out = viewer == kSpectator ? f.spectators : f.seats[size_t(viewer)];
    ViewChains::Chain& c = chains.of(viewer, m.seats);
    const uint64_t version = chains.next_version();
    bool patching = false, whole = false;
    for (Link& l : links) {
      if (l.seat != viewer) continue;
      if (l.patches && !c.last.empty() && l.view_version == c.version && !snapshot)
        out.patched.push_back(l.id);
      else
        whole = true;
      patching |= l.patches;
      l.view_version = version;
    }
    if (!out.patched.empty()) {
      std::string patch;
      append_view_patch(c.last, views[i], patch);
      out.patch = state_frame(m, viewer, patch, told, texts, snapshot, true);
    }
    if (whole) out.whole = state_frame(m, viewer, views[i], told, texts, snapshot, false);
    c.version = version;
    // Kept only while a link may need it: a view is 1–15 KiB.
    if (patching)
      c.last = std::move(views[i]);
    else
      std::string().swap(c.last);
  }
  return f;
}

Frame snapshot_frame(Link& link, ViewChains& chains, const Moment& m, bool keep_view) {
  const Seat viewers[] = {link.seat};
  std::vector<std::string> views;
  m.state.view_texts(viewers, views);
  Frame f = state_frame(m, link.seat, views.front(), {}, {}, true, false);
  // The viewer's next patches start from this view. If its other links hold another one,
  // they get their next view whole.
  ViewChains::Chain& c = chains.of(link.seat, m.seats);
  if (c.last != views.front() || c.version == 0) {
    c.version = chains.next_version();
    if (keep_view && link.patches) c.last = std::move(views.front());
  }
  link.view_version = c.version;
  return f;
}

void deliver(const Frames& frames, std::vector<Link>& links, const std::weak_ptr<Connection>& actor,
             const Frame& accepted) {
  const std::shared_ptr<Connection> acted = accepted ? actor.lock() : nullptr;
  bool answered = false;
  for (Link& l : links) {
    if (!l.live) continue;
    const Told& told = l.seat == kSpectator ? frames.spectators : frames.seats[size_t(l.seat)];
    const bool patched =
        std::find(told.patched.begin(), told.patched.end(), l.id) != told.patched.end();
    Frame f = patched ? told.patch : told.whole;
    auto c = l.conn.lock();
    if (!c) continue;
    if (acted && c == acted && !answered) {
      answered = true;
      if (f)
        c->send_both(accepted, std::move(f));
      else
        c->send(accepted);
    } else if (f) {
      c->send(std::move(f));
    }
  }
  if (acted && !answered) acted->send(accepted);
}

}  // namespace sabbat::server
