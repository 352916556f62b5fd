// Builds every use case from its dependencies; main.ts and the tests call this once.
import { createAdminService } from './admin';
import { createDashboardService } from './dashboard';
import { createAnalyticsService } from './analytics';
import { createMicroResultGuard } from './micro-result-guard';
import { createArchiveService } from './archive';
import { createBotStateService } from './bot-state';
import { createEmojiStatusService } from './emoji-status';
import { createDailyCardService } from './daily-card';
import type { ServiceDeps } from './deps';
import { createInterpretationService } from './interpretation';
import { createJournalService } from './journal';
import { createLessonService } from './lessons';
import { createLibraryService } from './library';
import { createMemoryService } from './memory';
import { createPeopleService } from './people';
import { createCustomSpreadService } from './custom-spreads';
import { createFollowUpService } from './follow-ups';
import { createGuestService } from './guest';
import { createCareService } from './crisis';
import { createSecondOpinionService } from './second-opinions';
import { createHealthService } from './health';
import { createLegalService } from './legal';
import { createShareService } from './share';
import { createNatalService } from './natal';
import { createNotificationService } from './notifications';
import { createPaymentService } from './payments';
import { createPairService } from './pairs';
import { createReadingService } from './readings';
import { createReferralService } from './referrals';
import { createReviewService } from './reviews';
import { createRitualService } from './ritual';
import { createStatsService } from './stats';
import { createSupportService } from './support';
import { createUserService } from './users';
import { createWebAuthService } from './web-auth';
import { createUserDataService } from './user-data';
import { createYesNoService } from './yes-no';
import { createCardPictureService } from './card-picture';
import { createVoiceService } from './voice';
import { createTransitService } from './transits';
import { createMonthlyReportService } from './monthly-report';

export function createServices(deps: ServiceDeps) {
  const users = createUserService(deps);
  const readings = createReadingService(deps, users);
  const dailyCard = createDailyCardService(deps, users);
  const emojiStatus = createEmojiStatusService(deps, users);
  const notifications = createNotificationService(deps);
  const botState = createBotStateService(deps);
  const interpretation = createInterpretationService(deps, users);
  const payments = createPaymentService(deps, users, notifications);
  const analytics = createAnalyticsService(deps);
  const microResultGuard = createMicroResultGuard(deps, analytics);
  const natal = createNatalService(deps, users);
  const stats = createStatsService(deps);
  const archive = createArchiveService(deps, users);
  const journal = createJournalService(deps, users);
  const followUps = createFollowUpService(deps, users);
  const secondOpinions = createSecondOpinionService(deps, users);
  const share = createShareService(deps, deps.share);
  const admin = createAdminService(deps);
  const dashboard = createDashboardService(deps);
  const health = createHealthService(deps);
  const legal = createLegalService(deps);
  const ritual = createRitualService(deps, users);
  const support = createSupportService(deps);
  const reviews = createReviewService(deps);
  const webAuth = createWebAuthService(deps);
  const userData = createUserDataService(deps, users);
  const library = createLibraryService(deps, users);
  const lessons = createLessonService(deps, users);
  const pairs = createPairService(deps, users);
  const guest = createGuestService(deps);
  const yesNo = createYesNoService(deps, users);
  const cardPictures = createCardPictureService();
  const care = createCareService(deps);
  const memory = createMemoryService(deps);
  const referrals = createReferralService(deps);
  const voice = createVoiceService(deps, users);
  const transits = createTransitService(deps, users);
  const monthlyReports = createMonthlyReportService(deps, users, journal, share);
  const people = createPeopleService(deps, users);
  const customSpreads = createCustomSpreadService(deps, users, readings);
  // The dependencies stay inside: callers get use cases only (no db, no configuration).
  return {
    users,
    readings,
    dailyCard,
    notifications,
    botState,
    interpretation,
    payments,
    analytics,
    microResultGuard,
    natal,
    stats,
    archive,
    journal,
    followUps,
    secondOpinions,
    share,
    admin,
    dashboard,
    health,
    legal,
    ritual,
    support,
    reviews,
    webAuth,
    userData,
    library,
    lessons,
    pairs,
    guest,
    yesNo,
    cardPictures,
    care,
    memory,
    referrals,
    voice,
    transits,
    monthlyReports,
    people,
    customSpreads,
    emojiStatus,
  };
}

export type Services = ReturnType<typeof createServices>;
export type { ServiceDeps } from './deps';
