import type { EventUser, NewDomainEvent } from '@toolpass/contracts';
import type { UsageSessionRecord } from './usage-session.ts';

/** What a start and an end say alike, in the order the payloads have always had. */
function sessionData(resourceName: string, session: UsageSessionRecord, user: EventUser) {
  return {
    resourceId: session.resourceId,
    resourceName,
    sessionId: session.id,
    user,
    startTime: session.startTime.toISOString(),
  };
}

/**
 * The usage events as integrations read them (contracts, `v: 1`): the resource's id and name,
 * the session, its user as templates address it, times and the notes of that moment.
 */
export const usageEvents = {
  started(resourceName: string, session: UsageSessionRecord, user: EventUser): NewDomainEvent {
    return {
      type: 'usage.started',
      data: { ...sessionData(resourceName, session, user), notes: session.startNotes },
    };
  },

  ended(resourceName: string, session: UsageSessionRecord, user: EventUser): NewDomainEvent {
    if (!session.endTime) throw new Error(`Session ${session.id} has not ended`);
    return {
      type: 'usage.ended',
      data: {
        ...sessionData(resourceName, session, user),
        endTime: session.endTime.toISOString(),
        notes: session.endNotes,
      },
    };
  },

  takenOver(
    resourceName: string,
    previous: { session: UsageSessionRecord; user: EventUser },
    started: { session: UsageSessionRecord; user: EventUser },
  ): NewDomainEvent {
    return {
      type: 'usage.taken-over',
      data: {
        resourceId: started.session.resourceId,
        resourceName,
        sessionId: started.session.id,
        previousSessionId: previous.session.id,
        user: started.user,
        previousUser: previous.user,
        startTime: started.session.startTime.toISOString(),
        notes: started.session.startNotes,
      },
    };
  },
};
