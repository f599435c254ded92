/**
 * Whether the reader asked their system for less motion (prefers-reduced-motion): the map then
 * jumps to the view a results sequence zooms into, instead of flying there.
 */
export const reducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
