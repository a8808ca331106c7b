import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Latencies = {
  atOnce: number;
  sessions: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** The HTTP answer of the start, which includes its commit. */
  answerP50Ms: number;
  answerP99Ms: number;
  /** From the answer to the message: what MQTT delivery adds to the start. */
  afterAnswerP50Ms: number;
  afterAnswerP99Ms: number;
};

export type MqttDeliveryResult = {
  dialect: string;
  broker: 'mosquitto' | 'aedes';
  resources: number;
  oneAtATime: Latencies;
  allAtOnce: Latencies;
  messagesSent: number;
  messagesFailed: number;
};

/** Issue 15's target: p99 from start to message at the broker below this. */
export const MQTT_P99_TARGET_MS = 20;

/** Issue 15: start -> MQTT message at the broker, 20 resources configured, in a process of its own. */
export function mqttDeliveryScenario(): MqttDeliveryResult {
  const script = fileURLToPath(new URL('../servers/mqtt-delivery-bench.ts', import.meta.url));
  const output = execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', script]);
  return JSON.parse(output.toString()) as MqttDeliveryResult;
}

function describeRun(label: string, run: Latencies): string {
  const meets = run.latencyP99Ms < MQTT_P99_TARGET_MS;
  return (
    `  ${label}: p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms, max ${run.latencyMaxMs} ms over ` +
    `${run.sessions} sessions (target p99 < ${MQTT_P99_TARGET_MS} ms: ${meets ? 'meets' : 'misses'}); ` +
    `the start's own answer p50 ${run.answerP50Ms} / p99 ${run.answerP99Ms} ms, ` +
    `MQTT after it p50 ${run.afterAnswerP50Ms} / p99 ${run.afterAnswerP99Ms} ms`
  );
}

export function describeMqttDelivery(result: MqttDeliveryResult): string[] {
  return [
    `Targets of issue 15 (${result.dialect}, ${result.broker}): start -> MQTT message at the broker, ` +
      `${result.resources} resources with a configuration each`,
    describeRun('one start at a time', result.oneAtATime),
    describeRun(`${result.allAtOnce.atOnce} starts at once`, result.allAtOnce),
    `  ${result.messagesSent} messages sent, ${result.messagesFailed} failed`,
  ];
}
