import { HUB_EVENT_SCHEMAS, hubEventSchema, HUBS, type HubName } from '@rummage/contract';
import type * as SignalRTypes from '@microsoft/signalr';
import { signalR } from './server.js';

/** The contract's hub name for a hub path ('/chathub' → 'chat'). */
export function hubNameOf(path: string): HubName {
  const entry = Object.entries(HUBS).find(([, hubPath]) => hubPath === path);
  if (!entry || !(entry[0] in HUB_EVENT_SCHEMAS)) throw new Error(`no hub at ${path} in the contract`);
  return entry[0] as HubName;
}

/**
 * What the server pushed that the contract (HUB_EVENT_SCHEMAS) does not allow: an event the hub does not
 * declare, a wrong number of arguments, or a payload its schema refuses. Empty when every push conformed.
 */
export function contractViolation(hub: HubName, target: string, args: unknown[]): string | undefined {
  const schema = hubEventSchema(hub, target);
  if (!schema) return `${hub} hub pushed '${target}', which the contract does not declare`;
  if (args.length !== 1) return `${hub} hub pushed '${target}' with ${args.length} arguments, not 1`;
  const parsed = schema.safeParse(args[0]);
  if (parsed.success) return undefined;
  return `${hub} hub pushed '${target}' that its schema refuses: ${parsed.error.message} in ${JSON.stringify(args[0])}`;
}

/**
 * The official client's JSON protocol, checking every Invocation the server sends against the contract before
 * the client's handlers see it. Violations are collected (the test fails on them after it ends) and the record
 * is dropped, so a handler never reads a payload the contract does not promise.
 */
export class ContractCheckedProtocol extends signalR.JsonHubProtocol {
  constructor(
    private readonly hub: HubName,
    private readonly violations: string[],
  ) {
    super();
  }

  override parseMessages(input: string, logger: SignalRTypes.ILogger): SignalRTypes.HubMessage[] {
    return super.parseMessages(input, logger).filter((message) => {
      if (message.type !== signalR.MessageType.Invocation) return true;
      const violation = contractViolation(this.hub, message.target, message.arguments);
      if (violation) this.violations.push(violation);
      return violation === undefined;
    });
  }
}
