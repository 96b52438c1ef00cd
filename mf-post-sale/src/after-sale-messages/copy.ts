/** The organiser messages step's words. */
export const copy = {
  /** 'Organiser message', plural when there is more than one. */
  heading: (count: number) => (count > 1 ? 'Organiser messages' : 'Organiser message'),
  from: (organiser: string) => `From ${organiser}`,
  /** 'Saturday 5 December 2026 at 9:00am'; the date alone when there is no time. */
  when: (date: string, time: string) => (time ? `${date} at ${time}` : date),
  continue: 'Continue',
} as const;
