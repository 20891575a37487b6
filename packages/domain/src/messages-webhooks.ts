// Webhook messages (modules/webhooks), kept apart from messages.ts so each file stays short;
// messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const WEBHOOK_MESSAGES = {
  WEBHOOK_URL_NOT_HTTPS: 'A webhook address must start with https://.',
  WEBHOOK_URL_PRIVATE:
    'This address leads to a private or local network. Webhooks can only be sent to public internet addresses.',
  WEBHOOK_URL_UNRESOLVED: 'This address could not be found. Please check the host name.',
  WEBHOOK_ENDPOINTS_TOO_MANY: 'An account can have at most {limit} webhook endpoints.',
  WEBHOOK_ENDPOINT_DISABLED: 'This endpoint is turned off. Turn it on before sending deliveries again.',
  WEBHOOK_DELIVERY_PENDING: 'This delivery is still being sent. Please wait for it to finish.',
} as const;
