/** On phones the settings tabs sit in rows of three, long labels wrapping, instead of scrolling out of sight. */
export const PHONE_TABS = 'mobile:grid mobile:h-auto mobile:w-full mobile:grid-cols-3';
export const PHONE_TAB = 'mobile:h-auto mobile:py-1.5 mobile:leading-tight mobile:whitespace-normal';
