/**
 * The audit log's actions in words (issue 29: "entries name their targets instead of raw ids"): what
 * a tester's audit trail says in its What column (decision 145), and what its filter looks in. An
 * action without words here reads as its code.
 */
export const AUDIT_ACTION_TEXTS: Readonly<Record<string, string>> = {
  'tester.adjust-coins': 'Coins added or taken',
  'tester.blacklist-on': 'Put on the blackList',
  'tester.blacklist-off': 'Taken off the blackList',
  'tester.lift-suspension': 'Suspension lifted',
  'tester.duplicate-review': 'Likely duplicate reviewed',
  'tester.note-add': 'Note written',
  'tester.note-delete': 'Note deleted',
  'tester.export': 'Data downloaded',
  'tester.delete': 'Account deleted',
  'tester.view': 'Page viewed',
  'tester.search': 'Testers searched',
};

export const auditActionText = (action: string): string => AUDIT_ACTION_TEXTS[action] ?? action;

/** The actions whose words (or code) hold `filter`, case aside: the trail's filter on the server. */
export const actionsNamed = (filter: string): string[] => {
  const needle = filter.trim().toLowerCase();
  return Object.entries(AUDIT_ACTION_TEXTS)
    .filter(([action, words]) => words.toLowerCase().includes(needle) || action.includes(needle))
    .map(([action]) => action);
};

/** A stored field's name in words; one not listed reads as it is stored. */
const FIELD_TEXTS: Readonly<Record<string, string>> = {
  coins: 'balance',
  change: 'change',
  reason: 'reason',
  blackList: 'blackList',
  suspendedUntil: 'suspended until',
};

const valueText = (value: unknown): string =>
  value === null || value === undefined
    ? 'none'
    : typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);

/**
 * An entry's change in words, a part a field: each field of `after` ("reason", "Goodwill"), a field
 * whose value changed from `before` as ("balance", "40 → 100"), one only `before` held as "… → none".
 */
export function auditChangeParts(before: unknown, after: unknown): { field: string; change: string }[] {
  const was = before !== null && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : {};
  const now = after !== null && typeof after === 'object' && !Array.isArray(after) ? (after as Record<string, unknown>) : {};
  return [...new Set([...Object.keys(now), ...Object.keys(was)])].map((field) => {
    const from = field in was ? valueText(was[field]) : null;
    const to = field in now ? valueText(now[field]) : 'none';
    return { field: FIELD_TEXTS[field] ?? field, change: from === null || from === to ? to : `${from} → ${to}` };
  });
}

/** The change as one line: "balance: 40 → 100; change: 60; reason: Goodwill". */
export const auditChangeText = (before: unknown, after: unknown): string =>
  auditChangeParts(before, after)
    .map((part) => `${part.field}: ${part.change}`)
    .join('; ');
