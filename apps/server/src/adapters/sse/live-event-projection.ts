import type { DomainEvent, EventUser, LiveEvent } from '@toolpass/contracts';

/** Who reads a stream, as far as what a frame may show them depends on it. */
export type Viewer = { userId: number; canManageResources: boolean };

/**
 * The version of an event a viewer gets. The rule is the HTTP API's (spec 01 §6): a session's
 * notes and its user's external identifier only for that user and resource managers (as the
 * usage history), an introduction's receiver and comment only for resource managers and the
 * receiver. Everyone else gets ids, type and times, and refetches what the API lets them see.
 */
export type ViewKey = 'full' | 'public' | 'user' | 'previous-user';

export function viewKeyOf(event: DomainEvent, viewer: Viewer): ViewKey {
  if (viewer.canManageResources) return 'full';
  switch (event.type) {
    case 'usage.started':
    case 'usage.ended':
      return event.data.user.id === viewer.userId ? 'full' : 'public';
    case 'usage.taken-over':
      if (event.data.user.id === viewer.userId) return 'user';
      return event.data.previousUser.id === viewer.userId ? 'previous-user' : 'public';
    case 'introduction.granted':
    case 'introduction.revoked':
      return event.data.receiverUser.id === viewer.userId ? 'full' : 'public';
    default:
      // Resources, groups and introducers are what every signed-in member sees in the API.
      return 'full';
  }
}

const withoutExternalIdentifier = ({ id, username }: EventUser) => ({ id, username });

/** A session event's data without its notes and its user's external identifier. */
function publicUsage<D extends { notes: string | null; user: EventUser }>(data: D) {
  const { notes: _notes, ...rest } = data;
  return { ...rest, user: withoutExternalIdentifier(data.user) };
}

/** The event as a viewer with this key may see it. */
export function project(event: DomainEvent, key: ViewKey): LiveEvent {
  if (key === 'full') return event;
  switch (event.type) {
    case 'usage.started':
      return { ...event, data: publicUsage(event.data) };
    case 'usage.ended':
      return { ...event, data: publicUsage(event.data) };
    case 'usage.taken-over': {
      const { notes, ...data } = event.data;
      return {
        ...event,
        data: {
          ...data,
          // The new session's notes are its user's; each user sees their own identifier.
          ...(key === 'user' ? { notes } : {}),
          user: key === 'user' ? data.user : withoutExternalIdentifier(data.user),
          previousUser:
            key === 'previous-user' ? data.previousUser : withoutExternalIdentifier(data.previousUser),
        },
      };
    }
    case 'introduction.granted':
    case 'introduction.revoked': {
      const { receiverUser: _receiver, comment: _comment, ...data } = event.data;
      return { ...event, data };
    }
    default:
      return event;
  }
}
