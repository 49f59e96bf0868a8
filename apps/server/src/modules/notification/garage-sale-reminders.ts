/**
 * Garage sales that start tomorrow, told to their host and to the host's followers: a recurring job on the queue
 * (one row, so one process runs it at a time) that looks every hour. "Tomorrow" is the day after today at the
 * sale's own place, so a sale in another time zone is told on its eve there. Each person hears once per sale,
 * however often the job runs: the entry's group key is never used twice for them (notifyOnce).
 */
import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import { queryRows, type Database } from '../../db/client.js';
import type { DurableEvents } from '../../events/durable.js';
import type { JobKind } from '../../jobs/queue/queue.js';
import type { NotificationCentre } from './centre.service.js';

const N = messages.notifications;

export const GARAGE_SALE_REMINDERS = 'notifications.garageSaleReminders';
const HOUR_MS = 3_600_000;

interface SaleStartingTomorrow extends Record<string, unknown> {
  id: number | string;
  seller_id: number | string;
  title: string;
  start_time: string;
}

/** Tells everyone due a reminder; answers how many entries were made. */
export async function sendGarageSaleReminders(
  db: Database,
  durable: DurableEvents,
  centre: NotificationCentre,
): Promise<number> {
  const sales = await queryRows<SaleStartingTomorrow>(
    db,
    sql`select g.id, g.seller_id, g.title, g.start_time::text as start_time
        from garage_sales g join users u on u.id = g.seller_id
        where u.banned_at is null
          and g.starts_at > now() and g.starts_at < now() + interval '50 hours'
          and g.start_date = (now() at time zone g.time_zone)::date + 1
        order by g.id`,
  );
  let told = 0;
  for (const sale of sales) {
    const saleId = Number(sale.id);
    const hostId = Number(sale.seller_id);
    const followers = await queryRows<{ id: number | string }>(
      db,
      sql`select follower_id as id from follows where followee_id = ${hostId}`,
    );
    const when = fillText(N.garageSaleWhen, { time: sale.start_time.slice(0, 5) });
    // One transaction per sale: its entries, pushes and e-mails commit together.
    told += await durable.transaction((tx, record) =>
      centre.notifyEachOnce({ tx, record }, [hostId, ...followers.map((row) => Number(row.id))], {
        type: NOTIFICATION_TYPES.garageSale,
        title: N.garageSaleTitle,
        body: fillText(N.garageSaleBody, { title: sale.title, when }),
        link: ROUTES.garage(saleId),
        groupKey: `garageSale:${saleId}`,
        // A follower who blocked the host since hears nothing of their sales.
        actorId: hostId,
      }),
    );
  }
  return told;
}

/** The hourly job that sends them (defined in the composition root). */
export function garageSaleRemindersJob(
  db: Database,
  durable: DurableEvents,
  centre: NotificationCentre,
): JobKind {
  return {
    name: GARAGE_SALE_REMINDERS,
    everyMs: HOUR_MS,
    handler: async () => {
      await sendGarageSaleReminders(db, durable, centre);
    },
  };
}
