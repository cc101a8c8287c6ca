import {
  API_ROUTES,
  deliveryLogQuerySchema,
  deliveryLogResponseSchema,
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  NOTIFICATION_PAGE_SIZE,
  type NotificationType,
  notificationDeliveriesQuerySchema,
  notificationDeliveriesResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesUpdateSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferenceList, refusedSecurityChange } from '../../notifications/index.js';
import { areaEnabled } from '../../plugins/auth-guards.js';
import { FormValidationError, HttpError, replyError } from '../../plugins/errors.js';
import { requireStaffPermission } from '../../plugins/staff-permission.js';
import type { ModuleOptions } from '../module-options.js';
import { defineStatementNoticeJob } from './announce-statements.js';
import { defineDigestJob } from './digest.js';
import {
  countUnread,
  markAllRead,
  markRead,
  type Recipient,
  selectDeliveryLog,
  selectFeedPage,
  selectOwnDeliveries,
  selectPreferences,
  upsertPreferences,
} from './queries.js';
import { deliverTo, openStream } from './stream.js';
import { StreamHub } from './stream-hub.js';
import { splitWireIds, toNotification } from './words.js';

const routes = API_ROUTES.notifications;

/** Every call but the staff log is the signed-in person's own, on a host that serves their area. */
async function requireSignedIn(request: FastifyRequest, reply: FastifyReply) {
  if (!request.principal) return replyError(request, reply, 401, 'errors.unauthorized');
  if (!areaEnabled(request, request.principal.kind))
    return replyError(request, reply, 404, 'errors.notFound');
}

/** The signed-in person as a recipient: their own notifications, never a viewed producer's. */
function recipientOf(request: FastifyRequest): Recipient {
  const principal = request.principal;
  if (!principal) throw new Error('route reached without the signed-in guard');
  if (principal.kind === 'client') return { audience: 'client', id: principal.clientId };
  if (principal.kind === 'producer') return { audience: 'producer', id: principal.producerId };
  return { audience: 'staff', id: principal.staffId };
}

/**
 * The notification centre (docs/notifications.md): the person's notifications with paging and the unread count,
 * marking read, preferences per type and channel, the live stream, and how each notification was delivered; for
 * staff with the delivery-log permission, every notification's deliveries.
 */
export const notificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, now, listen, jobs, mail, notifier },
) => {
  const clock = now ?? (() => new Date());
  const tags = ['notifications'];
  const hub = new StreamHub(config.notificationStreams, app.log);
  const scheduleDigest = defineDigestJob(db, jobs, mail, clock, app.log);
  const scheduleStatementNotices = defineStatementNoticeJob({ db, notifier, log: app.log }, jobs, clock);
  if (listen) {
    app.addHook('onReady', () => hub.start(listen, deliverTo(db)));
    app.addHook('preClose', () => hub.stop());
  }
  // After the job queue has started (its onReady hook is the app's, registered before every module's).
  if (config.jobWorkers)
    app.addHook('onReady', async () => {
      await scheduleDigest().catch((err) => app.log.warn({ err }, 'daily digest not scheduled'));
      await scheduleStatementNotices().catch((err) =>
        app.log.warn({ err }, 'statement notices not scheduled'),
      );
    });

  {
    const own = app;
    own.get(
      routes.list.path,
      {
        onRequest: requireSignedIn,
        // Read by the bell's fall-back polling too: looking is not activity (the idle timeout still ends the session).
        config: { sessionActivity: false },
        schema: {
          tags,
          querystring: notificationListQuerySchema,
          response: { 200: notificationListResponseSchema },
        },
      },
      async (request) => {
        const recipient = recipientOf(request);
        const offset = (request.query.page - 1) * NOTIFICATION_PAGE_SIZE;
        const rows = await selectFeedPage(db, recipient, offset, NOTIFICATION_PAGE_SIZE + 1);
        return {
          data: rows.slice(0, NOTIFICATION_PAGE_SIZE).map((row) => toNotification(row, request.language)),
          unread: await countUnread(db, recipient),
          more: rows.length > NOTIFICATION_PAGE_SIZE,
        };
      },
    );
    own.post(
      routes.read.path,
      {
        onRequest: requireSignedIn,
        schema: {
          tags,
          body: markNotificationsReadSchema,
          response: { 200: markNotificationsReadResponseSchema },
        },
      },
      async (request) => {
        const recipient = recipientOf(request);
        const body = request.body;
        if ('all' in body) await markAllRead(db, recipient, clock());
        else {
          const ids = splitWireIds([...new Set(body.ids)]);
          // Another person's id is not found, like one that does not exist; nothing is marked then.
          await db.transaction(async (tx) => {
            const count = await markRead(tx, recipient, ids, clock());
            if (count !== ids.n.length + ids.m.length) throw new HttpError(404, 'errors.notFound');
          });
        }
        return { unread: await countUnread(db, recipient) };
      },
    );
    own.get(
      routes.preferences.path,
      {
        onRequest: requireSignedIn,
        schema: { tags, response: { 200: notificationPreferencesResponseSchema } },
      },
      async (request) => ({ data: preferenceList(await selectPreferences(db, recipientOf(request))) }),
    );
    own.put(
      routes.updatePreferences.path,
      {
        onRequest: requireSignedIn,
        schema: {
          tags,
          body: notificationPreferencesUpdateSchema,
          response: { 200: notificationPreferencesResponseSchema },
        },
      },
      async (request) => {
        const recipient = recipientOf(request);
        const entries = request.body.data;
        const refused = entries.findIndex((entry) =>
          refusedSecurityChange(entry.type as NotificationType, entry),
        );
        if (refused >= 0)
          throw new FormValidationError({ [`data.${refused}`]: ['notifications.securityLocked'] });
        await upsertPreferences(db, recipient, entries, clock());
        return { data: preferenceList(await selectPreferences(db, recipient)) };
      },
    );
    own.get(
      routes.stream.path,
      { onRequest: requireSignedIn, config: { sessionActivity: false, streaming: true }, schema: { tags } },
      (request, reply) => openStream(db, hub, request, reply, recipientOf(request)),
    );
    own.get(
      routes.deliveries.path,
      {
        onRequest: requireSignedIn,
        schema: {
          tags,
          querystring: notificationDeliveriesQuerySchema,
          response: { 200: notificationDeliveriesResponseSchema },
        },
      },
      async (request) => {
        const id = request.query.id;
        // Firm notices are not sent by the portal: they have no deliveries to show.
        if (id[0] === 'm') return { data: [] };
        const rows = await selectOwnDeliveries(db, recipientOf(request), Number(id.slice(1)));
        return {
          data: rows.map((row) => ({
            channel: row.channel,
            status: row.status,
            attempts: row.attempts,
            at: row.at?.toISOString() ?? null,
          })),
        };
      },
    );
  }
  app.get(
    routes.deliveryLog.path,
    {
      // Before validation, so a caller without the permission learns nothing about the inputs.
      onRequest: requireStaffPermission(db, 'deliveryLog'),
      schema: { tags, querystring: deliveryLogQuerySchema, response: { 200: deliveryLogResponseSchema } },
    },
    async (request) => {
      const { page, audience, recipientId } = request.query;
      const offset = (page - 1) * NOTIFICATION_PAGE_SIZE;
      const { rows, deliveries } = await selectDeliveryLog(
        db,
        { ...(audience ? { audience } : {}), ...(recipientId ? { recipientId } : {}) },
        offset,
        NOTIFICATION_PAGE_SIZE + 1,
      );
      return {
        data: rows.slice(0, NOTIFICATION_PAGE_SIZE).map((row) => ({
          notificationId: `n${row.id}`,
          type: row.type as NotificationType,
          audience: row.audience,
          recipientId: row.recipientId,
          createdAt: row.createdAt.toISOString(),
          deliveries: deliveries
            .filter((d) => d.notificationId === row.id)
            .map((d) => ({
              channel: d.channel,
              status: d.status,
              attempts: d.attempts,
              at: d.at?.toISOString() ?? null,
            })),
        })),
        more: rows.length > NOTIFICATION_PAGE_SIZE,
      };
    },
  );
};
