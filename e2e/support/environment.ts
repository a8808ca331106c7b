/** What the global setup hands to the tests (they run in worker processes) through the environment. */
export type E2eEnvironment = {
  baseUrl: string;
  mailDir: string;
  admin: { username: string; email: string; password: string };
  /** The MQTT broker the IoT specs point their MQTT server at. */
  mqttBroker: { host: string; port: number };
};

const VARIABLE = 'TOOLPASS_E2E';

export function publishE2eEnvironment(environment: E2eEnvironment): void {
  process.env[VARIABLE] = JSON.stringify(environment);
}

export function e2eEnvironment(): E2eEnvironment {
  const value = process.env[VARIABLE];
  if (!value) throw new Error(`${VARIABLE} is not set: run the tests through playwright.config.ts`);
  return JSON.parse(value) as E2eEnvironment;
}
