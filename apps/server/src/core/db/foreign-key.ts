/**
 * The foreign key a write broke: the constraint's name when PostgreSQL (or PGlite) refused it with
 * foreign_key_violation (23503), else null. Drizzle wraps the driver's error, so its cause is read too.
 * A service turns its own keys into refusals: the row named went away after the form's check.
 */
export function foreignKeyOf(error: unknown): string | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if ((cause as { code?: string }).code !== '23503') return null;
  return (cause as { constraint?: string }).constraint ?? 'unknown';
}
