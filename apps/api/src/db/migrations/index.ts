import type { Migration } from 'kysely';
import * as createAccountTables from './0001_create_account_tables.ts';
import * as createCatalogue from './0002_create_catalogue.ts';
import * as createGeneration from './0003_create_generation.ts';
import * as addEnergyResetAndStrikes from './0004_add_energy_reset_and_strikes.ts';
import * as createGallery from './0005_create_gallery.ts';
import * as createLeaseCandidate from './0006_create_lease_candidate.ts';
import * as addStrikeEscalation from './0007_add_strike_escalation.ts';
import * as recountPublicTagUsage from './0008_recount_public_tag_usage.ts';
import * as createLedgerAccounts from './0009_create_ledger_accounts.ts';
import * as createOutbox from './0010_create_outbox.ts';
import * as createPlayer from './0011_create_player.ts';
import * as createGameEvent from './0012_create_game_event.ts';
import * as createPayment from './0013_create_payment.ts';
import * as createSerialKey from './0014_create_serial_key.ts';
import * as addEmailVerification from './0015_add_email_verification.ts';
import * as addReferral from './0016_add_referral.ts';
import * as addTweak from './0017_add_tweak.ts';
import * as addCuratedImage from './0018_add_curated_image.ts';
import * as createStaffConsole from './0019_create_staff_console.ts';
import * as addImageSafetyHold from './0020_add_image_safety_hold.ts';
import * as addAccountDeletion from './0021_add_account_deletion.ts';
import * as addPaymentReviewResolution from './0022_add_payment_review_resolution.ts';
import * as recountPublishedTagUsage from './0023_recount_published_tag_usage.ts';
import * as addGuestTrial from './0024_add_guest_trial.ts';
import * as addImagePerceptualHash from './0025_add_image_perceptual_hash.ts';

/** Every migration, in order. Names are NNNN_verb_object; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_create_account_tables': createAccountTables,
  '0002_create_catalogue': createCatalogue,
  '0003_create_generation': createGeneration,
  '0004_add_energy_reset_and_strikes': addEnergyResetAndStrikes,
  '0005_create_gallery': createGallery,
  '0006_create_lease_candidate': createLeaseCandidate,
  '0007_add_strike_escalation': addStrikeEscalation,
  '0008_recount_public_tag_usage': recountPublicTagUsage,
  '0009_create_ledger_accounts': createLedgerAccounts,
  '0010_create_outbox': createOutbox,
  '0011_create_player': createPlayer,
  '0012_create_game_event': createGameEvent,
  '0013_create_payment': createPayment,
  '0014_create_serial_key': createSerialKey,
  '0015_add_email_verification': addEmailVerification,
  '0016_add_referral': addReferral,
  '0017_add_tweak': addTweak,
  '0018_add_curated_image': addCuratedImage,
  '0019_create_staff_console': createStaffConsole,
  '0020_add_image_safety_hold': addImageSafetyHold,
  '0021_add_account_deletion': addAccountDeletion,
  '0022_add_payment_review_resolution': addPaymentReviewResolution,
  '0023_recount_published_tag_usage': recountPublishedTagUsage,
  '0024_add_guest_trial': addGuestTrial,
  '0025_add_image_perceptual_hash': addImagePerceptualHash,
};
