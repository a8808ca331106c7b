import { useParams } from 'react-router';
import {
  MqttServerCreateEditor,
  MqttServerEditEditor,
} from '../features/mqtt/components/mqtt-server-editor.tsx';
import NotFoundPage from './not-found-page.tsx';

/** /mqtt/servers/create and /mqtt/servers/{serverId} (spec 02 §2). */
export default function MqttServerPage() {
  const { serverId } = useParams();
  if (serverId === undefined) return <MqttServerCreateEditor />;
  const id = Number(serverId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  // Keyed by id, so moving to another server's form starts from that server's saved values.
  return <MqttServerEditEditor key={id} serverId={id} />;
}
