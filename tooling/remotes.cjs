// Which checkout states each remote exposes (one Module Federation module per state, './<state>'), as the builds see
// it. shared/src (remoteForState) is the page's copy of the same map; shell/src/steps/remoteMap.test.ts checks that
// the two agree.
'use strict';

module.exports = {
  mf_basket: ['basket', 'captcha', 'reserve'],
  mf_account: ['login', 'marketing_preferences', 'donation', 'gift_aid', 'delivery_address'],
  mf_payment: ['payment', 'awaiting_truelayer', 'deliver_tickets'],
  mf_post_sale: ['ticket_questions_before', 'ticket_questions_after', 'after_sale_messages', 'waiver', 'order_completed'],
};
