import { useState } from 'preact/hooks';
import { t } from '../i18n/i18n';

export function Invite({ code, invite, compact }: { code: string; invite: string | null; compact?: boolean }) {
  const link = invite ?? `${location.origin}/t/${code}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (plain http on another host): select the text for a manual copy.
      (document.getElementById('invite-link') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div class={compact ? 'invite compact' : 'invite'}>
      <label for="invite-link">{t('invite_link')}</label>
      <div class="invite-row">
        <input id="invite-link" readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button type="button" onClick={copy}>
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      <span class="sr-only" role="status">
        {copied ? t('copied') : ''}
      </span>
    </div>
  );
}
