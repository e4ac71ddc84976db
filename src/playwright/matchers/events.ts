/** The matchers on what the project's events left behind: the messages it recorded and what its subscriptions received. */
import type { ExpectMatcherState } from '@playwright/test';
import type { Source } from '../web-first.js';
import { type CommerceReceiver, type Context, hintOptions, isRecord, type Judged, requireText, usageError } from './arguments.js';
import { listed, searchCollection } from './collection.js';
import { closestTo, subsetDiff, subsetMatches } from './subset.js';

/** A log of events, each of a kind (a message type, a notification), and how the matcher over it speaks of them. */
interface EventLog {
  matcherName: string;
  /** The name of the matcher's first argument, the kind: `type`, `kind`. */
  kindArgument: string;
  noun: string;
  nouns: string;
  /** What the failure calls the whole log, above its list. */
  heading: string;
  read: (source: Source) => object[] | Promise<object[]>;
  kindOf: (event: object) => unknown;
  describe: (event: object) => string;
}

/** Failures list a log's newest events: those the test caused last. */
const NEWEST = { limit: 20, keep: 'newest', rest: (count: number) => `${count} earlier` } as const;

/** An event of the kind in the log; with `expected`, one whose fields match it as `toHaveStored` compares. */
function searchEvents(
  context: Context,
  log: EventLog,
  received: CommerceReceiver,
  kind: string,
  given: [expected?: Record<string, unknown>],
): Judged {
  const { matcherName, kindArgument, noun, nouns } = log;
  const hint = context.utils.matcherHint(
    matcherName,
    'commerce',
    kindArgument,
    hintOptions(context, given.length === 0 ? {} : { secondArgument: 'expected' }),
  );
  requireText(context, hint, kindArgument, kind);
  const expected = given[0];
  if (given.length > 0 && !isRecord(expected)) {
    throw usageError(
      context,
      hint,
      `expected must be a partial ${noun} (an object); leave it out to match any ${noun} of the ${kindArgument}`,
      'expected',
      expected,
    );
  }
  return searchCollection(context, received, {
    name: matcherName,
    hint,
    read: log.read,
    ofKind: (event) => log.kindOf(event) === kind,
    matches: expected === undefined ? undefined : (event) => subsetMatches(event, expected),
    wanted: `a ${kind} ${noun}${expected === undefined ? '' : ` matching ${context.utils.printExpected(expected)}`}`,
    received: ({ all, ofKind, matching, pass }) => {
      const found = `${log.heading}:\n${listed(all, log.describe, NEWEST)}`;
      if (pass) return `${matching.length} matching\n\n${found}`;
      if (ofKind.length === 0 || expected === undefined) return `none of the ${kindArgument}\n\n${found}`;
      return (
        `${ofKind.length} ${kind} ${ofKind.length === 1 ? noun : nouns}, none matches; the closest:\n\n` +
        subsetDiff(context, expected, closestTo(ofKind, expected))
      );
    },
    expected: expected ?? kind,
  });
}

function describeMessage(message: object): string {
  const { type, sequenceNumber, resource, resourceVersion } = message as {
    type: string;
    sequenceNumber: number;
    resource: { typeId: string; id: string };
    resourceVersion: number;
  };
  return `${type} #${sequenceNumber} of ${resource.typeId} ${resource.id} (version ${resourceVersion})`;
}

/** What a delivery tells: its message type, or its change notification (`ResourceCreated`, ...). */
function deliveredKind(delivery: object): string {
  const { messageType, notificationType } = delivery as { messageType?: string; notificationType: string };
  return messageType ?? notificationType;
}

function describeDelivery(delivery: object): string {
  const { subscription, subscriptionKey, resource, format } = delivery as {
    subscription: { id: string };
    subscriptionKey?: string;
    resource: { typeId: string; id: string };
    format: string;
  };
  const to = subscriptionKey !== undefined ? `key ${JSON.stringify(subscriptionKey)}` : subscription.id;
  return `${deliveredKind(delivery)} of ${resource.typeId} ${resource.id} to subscription ${to} (${format})`;
}

const MESSAGES: EventLog = {
  matcherName: 'toHaveEmittedMessage',
  kindArgument: 'type',
  noun: 'message',
  nouns: 'messages',
  heading: 'The messages the project recorded',
  read: (source) => source.messages({}),
  kindOf: (message) => (message as { type?: unknown }).type,
  describe: describeMessage,
};

const DELIVERIES: EventLog = {
  matcherName: 'toHaveDelivered',
  kindArgument: 'kind',
  noun: 'delivery',
  nouns: 'deliveries',
  heading: 'What the subscriptions received',
  read: (source) => source.deliveries({}),
  kindOf: deliveredKind,
  describe: describeDelivery,
};

export const eventMatchers = {
  /**
   * The project recorded a message of this type (`CustomerCreated`, `OrderStateChanged`, ...); with
   * `expected`, one whose fields match it as `toHaveStored` compares (`{ resource: { id } }`, a payload field).
   */
  toHaveEmittedMessage: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    type: string,
    ...given: [expected?: Record<string, unknown>]
  ): Judged {
    return searchEvents(this, MESSAGES, received, type, given);
  },

  /**
   * A subscription received a notification of this kind: a message type (`OrderCreated`) or a change
   * (`ResourceCreated`, `ResourceUpdated`, `ResourceDeleted`); with `expected`, one whose fields match
   * it as `toHaveStored` compares (`{ subscriptionKey, resource: { id }, payload: { ... } }`).
   */
  toHaveDelivered: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    kind: string,
    ...given: [expected?: Record<string, unknown>]
  ): Judged {
    return searchEvents(this, DELIVERIES, received, kind, given);
  },
};
