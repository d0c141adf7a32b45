/** Client-side logging: public calls fail silently for the visitor (spec 1, section 8) but leave a trace. */
export function logError(context: string, error: unknown): void {
  console.error(`[testerhub] ${context}`, error);
}
