import type { BookingMode } from '@toolpass/contracts';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Column types as both dialects return them: SQLite gives 0/1 and ISO text where PostgreSQL gives
 * booleans and Date objects, so repositories read them through `db-values.ts`.
 */
type Bool = ColumnType<boolean | number, boolean, boolean>;
type Timestamp = ColumnType<Date | string, Date, Date>;
type NullableTimestamp = ColumnType<Date | string | null, Date | null, Date | null>;

export type UsersTable = {
  id: Generated<number>;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string | null;
  external_identifier: string | null;
  is_email_verified: Bool;
  can_manage_resources: Bool;
  can_manage_system_configuration: Bool;
  can_manage_users: Bool;
  /** 'en' or 'de' once chosen; null follows the browser. */
  language: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AuthSessionsTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
};

/** `undo-email-change` keeps the address to restore in `new_email`. */
export type UserTokenPurpose = 'verify-email' | 'reset-password' | 'change-email' | 'undo-email-change';

export type UserTokensTable = {
  id: Generated<number>;
  user_id: number;
  purpose: UserTokenPurpose;
  token_hash: string;
  new_email: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type EmailTemplatesTable = {
  type: string;
  /** An interface language (`en`, `de`); each type exists once per language. */
  language: string;
  subject: string;
  body: string;
  updated_at: Timestamp;
};

export type ResourcesTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  image_filename: string | null;
  allow_take_over: Bool;
  documentation_type: 'markdown' | 'url' | null;
  documentation_markdown: string | null;
  documentation_url: string | null;
  /** Lower-cased name and description, for substring search (resources.repository `searchTextOf`). */
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  max_session_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  introduction_valid_for_days: ColumnType<number | null, number | null | undefined, number | null>;
  introduction_expires_after_unused_days: ColumnType<number | null, number | null | undefined, number | null>;
  out_of_order_reason: ColumnType<string | null, string | null | undefined, string | null>;
  out_of_order_since: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  out_of_order_by: ColumnType<number | null, number | null | undefined, number | null>;
  booking_mode: ColumnType<BookingMode, BookingMode | undefined, BookingMode>;
  booking_slot_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  booking_min_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  booking_max_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  booking_horizon_days: ColumnType<number | null, number | null | undefined, number | null>;
  booking_max_hours_per_week: ColumnType<number | null, number | null | undefined, number | null>;
};

export type ResourceGroupsTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  introduction_valid_for_days: ColumnType<number | null, number | null | undefined, number | null>;
  introduction_expires_after_unused_days: ColumnType<number | null, number | null | undefined, number | null>;
};

export type ResourceStatusChangesTable = {
  id: Generated<number>;
  resource_id: number;
  out_of_order: Bool;
  reason: string | null;
  user_id: number | null;
  created_at: Timestamp;
};

export type IntroductionLapsesTable = {
  id: Generated<number>;
  grant_id: number;
  lapsed_at: Timestamp;
};

export type IntroductionRemindersTable = {
  grant_id: number;
  days_before: number;
  expires_at: Timestamp;
  sent_at: Timestamp;
};

export type ResourceGroupMembersTable = {
  group_id: number;
  resource_id: number;
};

export type UsageSessionsTable = {
  id: Generated<number>;
  resource_id: number;
  user_id: number;
  start_time: Timestamp;
  end_time: NullableTimestamp;
  start_notes: string | null;
  end_notes: string | null;
  /** Who ended it; null while running, for older sessions and once that account is deleted. */
  ended_by_user_id: number | null;
};

/** Exactly one of resource_id and group_id is set (a check constraint). */
export type IntroducersTable = {
  id: Generated<number>;
  resource_id: number | null;
  group_id: number | null;
  user_id: number;
  created_at: Timestamp;
};

export type IntroductionsTable = {
  id: Generated<number>;
  resource_id: number | null;
  group_id: number | null;
  receiver_user_id: number;
  given_by_user_id: number | null;
  action: 'grant' | 'revoke';
  comment: string | null;
  created_at: Timestamp;
};

export type OutboxEventsTable = {
  id: Generated<number>;
  type: string;
  /** The version of the payload's contract; 0 for events written before payloads had one. */
  version: ColumnType<number, number | undefined, number>;
  occurred_at: Timestamp;
  /** The event data as JSON text, the same on both dialects. */
  payload: string;
};

export type DeliveryJobState = 'pending' | 'done' | 'failed';

export type DeliveryJobsTable = {
  id: Generated<number>;
  event_id: number | null;
  target_kind: string;
  target_id: string;
  resource_id: number | null;
  /** JSON text of what the job carries besides its event (a rendered mail), or null. */
  payload: string | null;
  state: ColumnType<DeliveryJobState, DeliveryJobState | undefined, DeliveryJobState>;
  due_at: Timestamp;
  attempts: Generated<number>;
  lease_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
};

/** One target's interest in one event type of one resource (decision 18). */
export type DeliverySubscriptionsTable = {
  resource_id: number;
  event_type: string;
  target_kind: string;
  target_id: string;
};

/** What a target wants of every resource, present and future (migration 0018). */
export type DeliverySubscriptionsEveryResourceTable = {
  event_type: string;
  target_kind: string;
  target_id: string;
};

export type PluginsTable = {
  id: Generated<number>;
  name: string;
  version: string;
  description: string | null;
  /** The manifest as JSON text. */
  manifest: string;
  /** The uploaded .zip; SQLite answers a Uint8Array, PostgreSQL a Buffer. */
  package: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  package_sha256: string;
  revision: number;
  installed_at: Timestamp;
};

export type PluginKvTable = {
  plugin_id: number;
  key: string;
  /** JSON text. */
  value: string;
};

export type WebhookMethodColumn = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type WebhooksTable = {
  id: Generated<number>;
  resource_id: number;
  name: string;
  url: string;
  method: WebhookMethodColumn;
  /** JSON text of an object of header names to string values. */
  headers: string;
  in_use_template: string;
  not_in_use_template: string;
  takeover_template: string;
  active: Bool;
  send_on_start: Bool;
  send_on_stop: Bool;
  send_on_takeover: Bool;
  /** booking.created, .moved, .cancelled, .started and .no-show (decision 23). */
  send_on_booking: ColumnType<boolean | number, boolean | undefined, boolean>;
  retry_enabled: Bool;
  max_retries: number;
  retry_delay_ms: number;
  signature_header: string;
  /** Sealed by the 'webhook-secret' secret box; never the secret itself. */
  secret_sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MqttServersTable = {
  id: Generated<number>;
  name: string;
  host: string;
  port: number;
  client_id: string | null;
  username: string | null;
  /** Sealed by the secret box ('mqtt-password'); never the password itself. */
  password: string | null;
  use_tls: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MqttConfigurationsTable = {
  id: Generated<number>;
  resource_id: number;
  server_id: number;
  name: string;
  in_use_topic: string;
  in_use_message: string;
  not_in_use_topic: string;
  not_in_use_message: string;
  /** Null: the default topic and takeover message. */
  takeover_topic: string | null;
  takeover_message: string | null;
  on_takeover_send_start: Bool;
  on_takeover_send_stop: Bool;
  on_takeover_send_takeover: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SsoProvidersTable = {
  id: Generated<number>;
  name: string;
  type: 'OIDC';
  issuer: string;
  authorization_url: string;
  token_url: string;
  userinfo_url: string;
  client_id: string;
  /** Sealed by the 'sso-client-secret' secret box; never the secret itself. */
  client_secret_sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SsoIdentitiesTable = {
  id: Generated<number>;
  provider_id: number;
  /** The provider's `sub` claim. */
  subject: string;
  user_id: number;
  created_at: Timestamp;
};

/** A sign-on whose email belongs to an existing account, waiting for that account's password. */
export type SsoPendingLinksTable = {
  id: Generated<number>;
  token_hash: string;
  provider_id: number;
  subject: string;
  email_key: string;
  created_at: Timestamp;
  expires_at: Timestamp;
};

export type SsoSignOnCodesTable = {
  id: Generated<number>;
  code_hash: string;
  /** SHA-256 of the random value in the browser's cookie: a code works only in that browser. */
  browser_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
};

export type ReadersTable = {
  id: Generated<number>;
  name: string;
  device_id: string;
  firmware: string;
  /** Sealed by the 'reader-key' secret box; never the key itself. */
  key_sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_connection_at: NullableTimestamp;
  /** The authenticated socket, on whichever instance holds it; null when none is. */
  connection_id: string | null;
  seen_at: NullableTimestamp;
};

export type ReaderResourcesTable = {
  reader_id: number;
  resource_id: number;
};

export type NfcCardsTable = {
  id: Generated<number>;
  /** Lower-case hex. */
  uid: string;
  user_id: number;
  key_version: number;
  created_at: Timestamp;
};

export type HousekeepingRunsTable = {
  name: string;
  due_at: Timestamp;
};

/** One administrative change (issue 32); `changes` is JSON text of field → { before, after }. */
export type AuditLogTable = {
  id: Generated<number>;
  at: Timestamp;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string;
  changes: string;
};

/** A booking (user set) or a block (no user); live while neither cancelled nor a no-show. */
export type BookingsTable = {
  id: Generated<number>;
  resource_id: number;
  user_id: number | null;
  kind: 'booking' | 'block';
  start_at: Timestamp;
  end_at: Timestamp;
  created_by_user_id: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  no_show_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
};

/** A member's secret iCal feed address: found by its hash, shown again from the sealed token. */
export type ICalFeedsTable = {
  user_id: number;
  token_hash: string;
  token_sealed: string;
  created_at: Timestamp;
};

/** A member in line for a resource in wait-list mode (decision 23). */
export type WaitListEntriesTable = {
  id: Generated<number>;
  resource_id: number;
  user_id: number;
  since: Timestamp;
  /** Set while the free resource is held for this member. */
  held_until: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /** The hold the member was mailed about. */
  told_until: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
};

export type Database = {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  user_tokens: UserTokensTable;
  email_templates: EmailTemplatesTable;
  resources: ResourcesTable;
  resource_groups: ResourceGroupsTable;
  resource_group_members: ResourceGroupMembersTable;
  usage_sessions: UsageSessionsTable;
  introducers: IntroducersTable;
  introductions: IntroductionsTable;
  outbox_events: OutboxEventsTable;
  delivery_jobs: DeliveryJobsTable;
  delivery_subscriptions: DeliverySubscriptionsTable;
  delivery_subscriptions_every_resource: DeliverySubscriptionsEveryResourceTable;
  plugins: PluginsTable;
  plugin_kv: PluginKvTable;
  mqtt_servers: MqttServersTable;
  mqtt_configurations: MqttConfigurationsTable;
  webhooks: WebhooksTable;
  sso_providers: SsoProvidersTable;
  sso_identities: SsoIdentitiesTable;
  sso_pending_links: SsoPendingLinksTable;
  sso_sign_on_codes: SsoSignOnCodesTable;
  readers: ReadersTable;
  reader_resources: ReaderResourcesTable;
  nfc_cards: NfcCardsTable;
  housekeeping_runs: HousekeepingRunsTable;
  audit_log: AuditLogTable;
  resource_status_changes: ResourceStatusChangesTable;
  introduction_lapses: IntroductionLapsesTable;
  introduction_reminders: IntroductionRemindersTable;
  bookings: BookingsTable;
  ical_feeds: ICalFeedsTable;
  wait_list_entries: WaitListEntriesTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type ResourceRow = Selectable<ResourcesTable>;
export type UsageSessionRow = Selectable<UsageSessionsTable>;
