import type { UserSettings } from '@mirage/contract';
import { hasDailyTickets, isPremium, utcDay, type Plan } from '@mirage/domain';
import type { UserRow } from '../../db/schema.ts';

/**
 * The User of docs/product/accounts.md#the-user as the client sees it: the contract's UserSettings
 * (@mirage/contract), which also serialises the answer. Built field by field so the password hash can
 * never leak.
 */
export function toUserSettings(row: UserRow, now: Date = new Date()): UserSettings {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    email_verified: row.email_verified_at !== null,
    keep_updated: row.keep_updated,
    generation_token: row.generation_token,
    tag_setting_ack: row.tag_setting_ack,
    lang: row.lang,
    referral_code: row.referral_code,
    referrer_id: row.referrer_id,
    pro_expire: row.pro_expire ? row.pro_expire.toISOString() : null,
    daily_token: row.daily_token,
    daily_quest_completed: row.daily_quest_day === utcDay(now),
    plan: row.plan as Plan,
    is_premium: isPremium(row, now),
    has_daily_tickets: hasDailyTickets(row, now),
  };
}
