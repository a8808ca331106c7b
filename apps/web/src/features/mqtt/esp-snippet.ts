import { DEFAULT_MQTT_TOPIC, renderTemplate } from '@toolpass/contracts';

/** The topic a configuration with the default topic publishes this resource's status to. */
export const defaultResourceTopic = (resourceId: number) =>
  renderTemplate(DEFAULT_MQTT_TOPIC, { id: resourceId, name: '', timestamp: '' });

/**
 * An Arduino sketch for an ESP32 with PubSubClient that switches a relay while the resource is
 * in use, from the default messages ("status":"in-use", "available", "taken_over"). It is a
 * starting point a member pastes into the Arduino IDE, so it is complete and compiles as is.
 */
export function espDeviceSnippet(resourceId: number): string {
  const topic = defaultResourceTopic(resourceId);
  return `#include <WiFi.h>
#include <PubSubClient.h>

// Your network and the MQTT server Toolpass publishes to.
const char* WIFI_SSID = "your-wifi";
const char* WIFI_PASSWORD = "your-wifi-password";
const char* MQTT_HOST = "192.168.1.10";
const uint16_t MQTT_PORT = 1883;
const char* MQTT_USERNAME = "";  // leave empty without authentication
const char* MQTT_PASSWORD = "";

// The default topic of resource ${resourceId}.
const char* MQTT_TOPIC = "${topic}";
const int RELAY_PIN = 2;  // the on-board LED of many ESP32 boards; wire your relay here

WiFiClient network;
PubSubClient mqtt(network);

void onMessage(char* topic, byte* payload, unsigned int length) {
  String message;
  for (unsigned int i = 0; i < length; i++) message += (char)payload[i];
  Serial.printf("%s: %s\\n", topic, message.c_str());

  if (message.indexOf("\\"status\\":\\"available\\"") >= 0) {
    digitalWrite(RELAY_PIN, LOW);   // session ended
  } else if (message.indexOf("\\"status\\":\\"in-use\\"") >= 0 ||
             message.indexOf("\\"status\\":\\"taken_over\\"") >= 0) {
    digitalWrite(RELAY_PIN, HIGH);  // session started or taken over
  }
}

void connectMqtt() {
  while (!mqtt.connected()) {
    String clientId = "toolpass-resource-${resourceId}-" + String((uint32_t)ESP.getEfuseMac(), HEX);
    bool connected = strlen(MQTT_USERNAME) > 0
        ? mqtt.connect(clientId.c_str(), MQTT_USERNAME, MQTT_PASSWORD)
        : mqtt.connect(clientId.c_str());
    if (connected) {
      mqtt.subscribe(MQTT_TOPIC, 1);
    } else {
      Serial.printf("MQTT connection failed (state %d), retrying\\n", mqtt.state());
      delay(5000);
    }
  }
}

void setup() {
  Serial.begin(115200);
  pinMode(RELAY_PIN, OUTPUT);
  digitalWrite(RELAY_PIN, LOW);

  WiFi.mode(WIFI_STA);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  mqtt.setServer(MQTT_HOST, MQTT_PORT);
  mqtt.setCallback(onMessage);
  // The default messages with user details are longer than PubSubClient's 256-byte buffer.
  mqtt.setBufferSize(1024);
}

void loop() {
  if (WiFi.status() != WL_CONNECTED) {
    WiFi.reconnect();
    delay(1000);
    return;
  }
  if (!mqtt.connected()) connectMqtt();
  mqtt.loop();
}
`;
}
