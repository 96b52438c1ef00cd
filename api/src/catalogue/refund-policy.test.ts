import { organiserPolicyTitle, standardPolicyTitle, standardRefundPolicy, ticketRefundPolicy } from './refund-policy';

describe("a ticket line's refund policy", () => {
  test.each<[string, string | null, string, string]>([
    ['no policy of its own: the standard one', null, 'Lumen Live', standardPolicyTitle],
    [
      "the organiser's own, under its name",
      'Exchanges only.',
      'Brighton Folk Collective',
      "Brighton Folk Collective's refund policy",
    ],
    [
      'a name ending in s takes the apostrophe alone',
      'Exchanges only.',
      'Quick Tickets',
      "Quick Tickets' refund policy",
    ],
  ])('%s', (_name, custom, organiser, title) => {
    const policy = ticketRefundPolicy({
      custom_refund_policy: custom,
      organiser_name: organiser,
      non_refundable: false,
    });
    expect(policy).toEqual({
      title,
      text: custom ?? standardRefundPolicy.summary,
      description: 'This ticket can be refunded under the refund policy.',
    });
  });

  test("neither kind is titled as the modal that lists them ('Refund policy')", () => {
    expect([standardPolicyTitle, organiserPolicyTitle('Folk')]).not.toContain('Refund policy');
  });
});
