/**
 * The templates of MQTT topics and messages and of webhook bodies (spec 02 §3): `{{variable}}`
 * placeholders filled from a usage event. One implementation for deliveries, tests and the
 * previews of the IoT screens, so what a manager previews is what a machine receives.
 */

/** The variables a template may use, in the order the screens list them. */
export const TEMPLATE_VARIABLES = [
  'id',
  'name',
  'timestamp',
  'user.id',
  'user.username',
  'user.externalIdentifier',
  'previousUser.id',
  'previousUser.username',
  'previousUser.externalIdentifier',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

type TemplateUser = { id: number; username: string; externalIdentifier: string | null };

/** What a template is filled from: the resource, the time of the change and its users. */
export type TemplateValues = {
  id: number;
  name: string;
  /** ISO 8601. */
  timestamp: string;
  user?: TemplateUser | undefined;
  /** Set on a takeover: the user whose session was ended. */
  previousUser?: TemplateUser | undefined;
};

function variableValue(values: TemplateValues, variable: TemplateVariable): string {
  switch (variable) {
    case 'id':
      return String(values.id);
    case 'name':
      return values.name;
    case 'timestamp':
      return values.timestamp;
    case 'user.id':
      return values.user ? String(values.user.id) : '';
    case 'user.username':
      return values.user?.username ?? '';
    case 'user.externalIdentifier':
      return values.user?.externalIdentifier ?? '';
    case 'previousUser.id':
      return values.previousUser ? String(values.previousUser.id) : '';
    case 'previousUser.username':
      return values.previousUser?.username ?? '';
    case 'previousUser.externalIdentifier':
      return values.previousUser?.externalIdentifier ?? '';
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z.]+)\s*\}\}/g;
const KNOWN = new Set<string>(TEMPLATE_VARIABLES);

/** A template whose text is JSON: values are escaped so that a name with a quote keeps it JSON. */
export function isJsonTemplate(template: string): boolean {
  const text = template.trimStart();
  return (text.startsWith('{') && !text.startsWith('{{')) || text.startsWith('[');
}

/**
 * Fills the placeholders. Unknown placeholders stay as written, so a typo shows in the preview;
 * variables without a value (no previous user on a start) become empty. In a JSON template the
 * values are escaped as JSON string content.
 */
export function renderTemplate(template: string, values: TemplateValues): string {
  const json = isJsonTemplate(template);
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!KNOWN.has(name)) return whole;
    const value = variableValue(values, name as TemplateVariable);
    return json ? JSON.stringify(value).slice(1, -1) : value;
  });
}

/** Values for previews and for the tests of a configuration, when no real session is at hand. */
export function sampleTemplateValues(resource: { id: number; name: string }, now: Date): TemplateValues {
  return {
    id: resource.id,
    name: resource.name,
    timestamp: now.toISOString(),
    user: { id: 1, username: 'example-user', externalIdentifier: 'example-external-id' },
    previousUser: { id: 2, username: 'previous-user', externalIdentifier: 'previous-external-id' },
  };
}

export const DEFAULT_MQTT_TOPIC = 'resources/{{id}}/status';

const userJson = (prefix: 'user' | 'previousUser') =>
  `{"id":{{${prefix}.id}},"username":"{{${prefix}.username}}","externalIdentifier":"{{${prefix}.externalIdentifier}}"}`;

/** The messages a new MQTT configuration starts with (spec 02 §3). */
export const DEFAULT_MQTT_MESSAGES = {
  inUse: `{"status":"in-use","resourceId":{{id}},"resourceName":"{{name}}","timestamp":"{{timestamp}}","user":${userJson('user')}}`,
  notInUse: `{"status":"available","resourceId":{{id}},"resourceName":"{{name}}","timestamp":"{{timestamp}}"}`,
  takeover: `{"status":"taken_over","resourceId":{{id}},"resourceName":"{{name}}","timestamp":"{{timestamp}}","user":${userJson('user')},"previousUser":${userJson('previousUser')}}`,
} as const;

/** The bodies a new webhook starts with (spec 02 §3). */
export const DEFAULT_WEBHOOK_TEMPLATES = {
  inUse: `{"status":"in_use","resourceId":{{id}},"resourceName":"{{name}}","timestamp":"{{timestamp}}","user":${userJson('user')}}`,
  notInUse: `{"status":"not_in_use","resourceId":{{id}},"resourceName":"{{name}}","timestamp":"{{timestamp}}","user":${userJson('user')}}`,
  takeover: `{"status":"taken_over","resourceId":{{id}},"resourceName":"{{name}}","timestamp":"{{timestamp}}","user":${userJson('user')},"previousUser":${userJson('previousUser')}}`,
} as const;
