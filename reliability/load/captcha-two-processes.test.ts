/**
 * The captcha's repeated-attempts rule across two api processes: more than 5 reservations from one client
 * address in 10 minutes demand a captcha. The count lives in the database, so a client whose requests a load balancer
 * spreads over two processes meets the captcha after the same 5 attempts (each process counting its own share would
 * let it make 10).
 */
import { countFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { addTickets, Buyer, paths } from '../support/buyer';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { freshTicketType } from '../support/stock';

jest.setTimeout(120_000);

describeWithPostgres('captcha attempts counted across two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;

  beforeAll(async () => {
    stack = await startTwoApis({ CAPTCHA_RESERVE_LIMIT: '5', CAPTCHA_RESERVE_WINDOW_SECONDS: '600' });
    ({ database, apis } = stack);
  });

  afterAll(() => stopTwoApis(stack));

  test('one address, its reservations alternating between the processes: the sixth demands a captcha on either', async () => {
    const ticketTypeId = await freshTicketType(database.pool, 100, 'Captcha count');
    const buyers = Array.from({ length: 8 }, (_, i) => new Buyer(apis[i % 2]!.baseURL));
    for (const buyer of buyers) await addTickets(buyer, ticketTypeId, 1);
    const answers = [];
    for (const buyer of buyers) answers.push((await buyer.post(paths.reserve)).json);
    expect(answers.slice(0, 5).map((a) => a.reserved)).toEqual([true, true, true, true, true]);
    for (const answer of answers.slice(5))
      expect(answer).toEqual({ captcha: true, captcha_sitekey: 'sandbox-site-key' });
    countFigure(
      'load.captcha.attemptsAcrossProcesses',
      buyers.length,
      'reservations from one address spread over two processes (captcha from the 6th)',
    );
  });
});
