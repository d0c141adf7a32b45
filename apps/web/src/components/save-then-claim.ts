import type { PopupMessage } from './message-popup';
import { failureMessage, type StatusAnswer } from './status-failure';

/** The Complete Survey step's two failure texts (each feature's, from spec 2 section 8). */
export interface SaveThenClaimTexts {
  saveFailed: string;
  coinsFailed: string;
}

/**
 * The Complete Survey step of About-me and quick surveys (spec 2, section 4): save the answers,
 * then claim their reward. A failed save leaves the tester on the questions (`saved: false`); a
 * failed claim still counts as completed, since the answers are stored (`claimed: null`). Every
 * failure is shown through `onFailure` with the generic popup rule.
 */
export async function saveThenClaim<Claim extends StatusAnswer>(steps: {
  save: () => Promise<StatusAnswer>;
  claim: () => Promise<Claim>;
  texts: SaveThenClaimTexts;
  onFailure: (popup: PopupMessage) => void;
}): Promise<{ saved: false } | { saved: true; claimed: Claim | null }> {
  const fail = (data: string, cause: unknown) => {
    const popup = failureMessage(data, cause);
    if (popup) steps.onFailure(popup);
  };
  try {
    const saved = await steps.save();
    if (saved.status !== 'succeed') {
      fail(steps.texts.saveFailed, saved);
      return { saved: false };
    }
  } catch (error) {
    fail(steps.texts.saveFailed, error);
    return { saved: false };
  }
  try {
    const claimed = await steps.claim();
    if (claimed.status === 'succeed') return { saved: true, claimed };
    fail(steps.texts.coinsFailed, claimed);
  } catch (error) {
    fail(steps.texts.coinsFailed, error);
  }
  return { saved: true, claimed: null };
}
