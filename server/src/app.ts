import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { pingDatabase } from './db/client';
import { createAuth, type Auth } from './auth/better-auth';
import { requireUser } from './auth/guard';
import { apiKeyRateLimit } from './auth/api-key-rate-limit';
import { apiKeysRoutes } from './modules/api-keys/routes';
import { requireWorkspace } from './modules/workspaces/current-workspace';
import { publicInvitationRoutes } from './modules/workspaces/public-routes';
import { workspacesRoutes } from './modules/workspaces/routes';
import { SessionChecker } from './auth/session-check';
import { authRoutes, tooManyAttempts } from './auth/routes';
import { afterPasswordReset, resetLinkSender } from './auth/password-reset';
import { createProductMail, type ProductMail } from './product-mail';
import { handleError } from './http/error-handler';
import { refuseNulInQuery, registerJsonParser } from './http/json-body';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { privacy, RequestLog, serverLogger } from './http/request-log';
import { serializerCompiler } from './http/serializer';
import { trustProxyOption } from './http/client-address';
import { Cursors } from './http/cursor';
import { addSecurityHeaders } from './http/security-headers';
import { markSignedIn, registerApiDocs } from './http/api-docs';
import { refuseCrossSiteWrites } from './http/same-origin';
import { inlineScriptHashes, readIndexHtml, registerWebApp } from './http/web-app';
import { activitiesRoutes } from './modules/activities/routes';
import { bookingRoutes } from './modules/booking/routes';
import { aiConfigRoutes } from './modules/ai-config/routes';
import { aiContextOf, bindAiContext } from './modules/chatbots/ai/context';
import { calendarFeedRoutes } from './modules/calendar/public-routes';
import { calendarRoutes } from './modules/calendar/routes';
import { caldavRoutes } from './modules/calendar/caldav/routes';
import type { AnswerQuestion } from './modules/chatbots/ai/answer-types';
import { answerQuestion } from './modules/chatbots/ai/answer';
import { publicChatbotRoutes } from './modules/chatbots/public/routes';
import { chatbotsRoutes } from './modules/chatbots/routes';
import { contactImportPath } from './modules/contacts/import-route';
import { contactsRoutes } from './modules/contacts/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dealsRoutes } from './modules/deals/routes';
import { emailAccountsRoutes } from './modules/email-accounts/routes';
import { emailRoutes } from './modules/email/routes';
import { formsRoutes } from './modules/forms/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { pipelinesRoutes } from './modules/pipelines/routes';
import { webhooksRoutes } from './modules/webhooks/routes';
import { projectsRoutes } from './modules/projects/routes';
import { avatarUploadPath } from './modules/profile/avatar-upload-route';
import { avatarFileRoutes } from './modules/profile/public-routes';
import { profileRoutes } from './modules/profile/routes';
import { searchRoutes } from './modules/search/routes';
import { taskCategoriesRoutes, tasksRoutes } from './modules/tasks/routes';
import { publicBookingRoutes } from './modules/booking/public-routes';
import { allowFramingOfPublicPages } from './http/framing';
import { publicFormRoutes } from './modules/forms/public/routes';
import { SecretBox } from './secrets/secret-box';
import type { JobQueue } from './jobs/queue';
import { inProject } from './project-root';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    auth: Auth;
    config: Config;
    /** Seals the secrets users save (AI keys, mail passwords); see secrets/secret-box.ts. */
    secrets: SecretBox;
    /** Seals list cursors to their user and list; see http/cursor.ts. */
    cursors: Cursors;
    /** Reads the session of each signed-in request; see auth/session-check.ts. */
    sessions: SessionChecker;
    /** The product's own mail (SMTP_URL), or null when it sends none; see product-mail.ts. */
    productMail: ProductMail | null;
    /** The job queue, which main.ts starts; undefined in tests that run without it (routes needing it answer 503). */
    jobs: JobQueue | undefined;
  }
}

const defaultWebDir = inProject('dist', 'web');

export interface AppOptions {
  config: Config;
  database: Database;
  /** The built React app; tests of the API leave it out. */
  webDir?: string | null;
  logger?: boolean | object;
  /** A logger made beforehand (main.ts logs the database's start with it); else one is made from `logger` or the config. */
  loggerInstance?: FastifyBaseLogger;
  /** Called for every route as it is added: the isolation test walks the route table with it. */
  onRoute?: (route: RouteOptions) => void;
  /** Answers a chatbot's AI questions; the tests put a provider-free stand-in here. */
  answerQuestion?: AnswerQuestion;
  /** The job queue, started on the same database beforehand (main.ts, and the tests of work done as jobs). */
  jobs?: JobQueue;
  /**
   * Every answer also checked by its zod schema and compared with what zod writes (http/serializer.ts): on
   * everywhere but in the production server (main.ts), so that every test checks the contract.
   */
  checkAnswers?: boolean;
}

/** Builds the HTTP app from its parts. main.ts listens on it; tests drive it through inject(). */
export async function buildApp({
  config,
  database,
  webDir = defaultWebDir,
  logger,
  loggerInstance,
  onRoute,
  answerQuestion: answer = answerQuestion,
  jobs,
  checkAnswers = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(loggerInstance
      ? { loggerInstance }
      : { logger: typeof logger === 'object' ? { ...privacy, ...logger } : (logger ?? serverLogger(config)) }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Server-generated ids for the request log; a client's x-request-id is not trusted.
    genReqId: () => crypto.randomUUID(),
    logController: new RequestLog(config.logFormat),
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(checkAnswers));
  app.setErrorHandler(handleError);
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  refuseNulInQuery(app);

  app.decorate('db', database.db);
  app.decorate('jobs', jobs);
  const productMail = createProductMail(config, app.log);
  app.decorate('productMail', productMail);
  const auth = createAuth(database.db, config, {
    sendResetLink: productMail && resetLinkSender(database.db, config.publicUrl, productMail),
    afterReset: (user) => afterPasswordReset(app, user),
  });
  app.decorate('auth', auth);
  app.decorate('sessions', new SessionChecker(database.db, auth, config.secretKey));
  app.decorate('config', config);
  app.decorate('secrets', new SecretBox(config.secretKey));
  app.decorate('cursors', new Cursors(config.secretKey));
  // The chatbots' AI answers use this app's secret key and provider settings (modules/chatbots/ai/context.ts).
  bindAiContext(database.db, aiContextOf(config, app.secrets));
  app.decorateRequest('user', null as never);
  app.decorateRequest('workspace', null as never);
  app.decorateRequest('member', null as never);
  app.decorateRequest('apiKey', null);

  const indexHtml = webDir ? readIndexHtml(webDir) : null;
  const securityHeaders = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Remote images of a message, once its reader allows them: its sandboxed srcdoc frame keeps this policy
        // (and adds its own, which blocks them until then).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  };
  addSecurityHeaders(app, securityHeaders);
  allowFramingOfPublicPages(app, securityHeaders);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: tooManyAttempts,
  });
  app.addHook('onRequest', refuseCrossSiteWrites(config.publicUrl, [avatarUploadPath, contactImportPath]));

  // The API reference at /api/docs and its document: public, built from the routes registered below.
  await registerApiDocs(app);

  app.get('/api/health', async () => {
    await pingDatabase(app.db);
    return { ok: true, database: database.kind };
  });

  await app.register(authRoutes);
  // The .ics feed is public: calendar apps reach it by its secret token, with no session.
  await app.register(calendarFeedRoutes);
  // Pictures are public: the booking page shows its owner's without a session.
  await app.register(avatarFileRoutes);
  // The booking page is public: visitors book without an account.
  await app.register(publicBookingRoutes);
  // Form pages and embeds are public: visitors submit without an account.
  await app.register(publicFormRoutes);
  // Chatbots talk with visitors of any site without an account.
  await app.register(publicInvitationRoutes);
  await app.register(publicChatbotRoutes, { answerQuestion: answer });
  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireUser);
    signedIn.addHook('preHandler', requireWorkspace);
    // The API reference marks these routes as needing a key or a session.
    signedIn.addHook('onRoute', markSignedIn);
    signedIn.addHook('preHandler', apiKeyRateLimit(app));
    await signedIn.register(workspacesRoutes);
    await signedIn.register(contactsRoutes);
    await signedIn.register(pipelinesRoutes);
    await signedIn.register(dealsRoutes);
    await signedIn.register(activitiesRoutes);
    await signedIn.register(calendarRoutes);
    await signedIn.register(caldavRoutes);
    await signedIn.register(projectsRoutes);
    await signedIn.register(tasksRoutes);
    await signedIn.register(taskCategoriesRoutes);
    await signedIn.register(profileRoutes);
    await signedIn.register(chatbotsRoutes);
    await signedIn.register(aiConfigRoutes);
    await signedIn.register(emailAccountsRoutes);
    await signedIn.register(emailRoutes);
    await signedIn.register(dashboardRoutes);
    await signedIn.register(bookingRoutes);
    await signedIn.register(formsRoutes);
    await signedIn.register(notificationsRoutes);
    await signedIn.register(searchRoutes);
    await signedIn.register(webhooksRoutes);
    await signedIn.register(apiKeysRoutes);
  });

  await registerWebApp(app, webDir ?? '', indexHtml);
  return app;
}
