export { botCheckKind, botCheckToken, configureBotCheck, resetBotCheck, retryBotCheck } from './bot-check';
export type { BotCheckServerInfo } from './bot-check';
