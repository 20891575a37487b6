// AI tools' messages (the model gateway, credits, the privacy guard and the SMS writer), kept
// apart from messages.ts so each file stays short; messages.ts spreads them into the one
// catalogue. No spec wording exists; these are ours.

export const AI_MESSAGES = {
  AI_NOT_CONFIGURED:
    'AI tools are not available: the platform has not configured an AI model yet. Please ask Batchwise support.',
  AI_CREDITS_NOT_ENOUGH:
    'Your account has {balance} AI credits left and this needs {needed}. Credits renew at the start of each month.',
  AI_PRIVATE_DATA:
    'This request contains a phone number or an id. Remove it and try again: AI requests never carry contact details.',
  AI_INVALID_ANSWER: 'The AI model did not give a usable answer. Nothing was charged; please try again.',
  AI_UNAVAILABLE: 'The AI model did not answer in time. Nothing was charged; please try again in a minute.',
  QUESTION_PAPERS_FULL:
    'This classroom keeps {max} question papers. Delete one you no longer need to save another.',
} as const;
