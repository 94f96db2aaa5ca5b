/**
 * Intl number and date formats, made once per locale and options. Making one costs far more than
 * using it (about 0.3 ms each in a browser here, more for the first of a locale), and a screen
 * writes a figure or a date in every row: the items list's first page made some forty.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function made<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  made(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  made(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
