/**
 * A scheduled gift's moment from the page's dd/MM/yyyy and HH:mm (spec 9), read as UTC (the checkout has no
 * buyer time zone). undefined when the date does not exist (31/02/2027) or the time is out of range.
 */
export function deliveryMoment(date: string, time: string): Date | undefined {
  const [day, month, year] = date.split('/').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  if (day === undefined || month === undefined || year === undefined || hours === undefined || minutes === undefined) return undefined;
  if (hours > 23 || minutes > 59) return undefined;
  const at = new Date(Date.UTC(year, month - 1, day, hours, minutes));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return undefined;
  return at;
}
