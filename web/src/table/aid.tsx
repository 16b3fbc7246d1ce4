// The first-game aid: short explanations of why a round ended as it did, shown beside the
// board until the person turns them off. They say only what every seat already sees.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';

const AID_KEY = 'sabbat.firstGameAid';
// On until turned off: the people who need it most are the ones who have not found the box.
export function aidWanted(): boolean {
  try {
    return localStorage.getItem(AID_KEY) !== '0';
  } catch {
    return true;
  }
}

// Every component showing an explanation follows the box at once.
const listeners = new Set<(on: boolean) => void>();
export function setAid(on: boolean): void {
  try {
    if (on) localStorage.removeItem(AID_KEY);
    else localStorage.setItem(AID_KEY, '0');
  } catch {
    /* the choice lasts for this page */
  }
  listeners.forEach((l) => l(on));
}

export function useAid(): boolean {
  const [on, setOn] = useState(aidWanted());
  useEffect(() => {
    listeners.add(setOn);
    return () => void listeners.delete(setOn);
  }, []);
  return on;
}

export function AidToggle() {
  const on = useAid();
  return (
    <label class="field inline aid-toggle">
      <input type="checkbox" checked={on} onChange={(e) => setAid((e.target as HTMLInputElement).checked)} />
      <span>{t('aid_toggle')}</span>
    </label>
  );
}

// One explanation: nothing when the aid is off.
export function Why({ children }: { children: ComponentChildren }) {
  const on = useAid();
  if (!on) return null;
  return (
    <p class="why" role="note">
      <strong>{t('aid_why')}</strong>
      {t('colon')}
      {children}
    </p>
  );
}
