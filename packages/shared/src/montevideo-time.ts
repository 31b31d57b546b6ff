/**
 * Montevideo's offset from UTC: −3 hours all year (Uruguay dropped daylight saving in 2015). Every rule that
 * counts days or shows times does it on Montevideo's clock — the stores and couriers work on it, and a
 * remitter abroad reads the same times as the family — by adding this to an instant and reading the UTC
 * getters, rather than asking Intl, whose time-zone data differs between Node and browsers.
 */
export const MONTEVIDEO_OFFSET_MS = -3 * 60 * 60 * 1000;
