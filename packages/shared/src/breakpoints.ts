/** Layout breakpoints of the whole product, in CSS pixels (spec 1, section 9). */
export const BREAKPOINTS = {
  small: 480,
  medium: 768,
  large: 1024,
  extraLarge: 1280,
} as const;

/** The burger menu opens at once and closes after this delay (spec 1, section 4). */
export const BURGER_CLOSE_DELAY_MS = 500;
