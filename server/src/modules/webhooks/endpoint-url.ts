import { isIP } from 'node:net';
import { webhookMessages } from '@common/webhooks';
import { AppError } from '../../errors';
import { isPrivateAddress } from '../../net/outgoing-address';

/**
 * An endpoint's address: https, or plain http only where the operator allows private hosts (a receiver on the
 * server's own network). A name is checked again at every delivery, by the address it resolves to then; an address
 * typed as an IP, or `localhost`, is refused here already unless private hosts are allowed.
 */
export function checkEndpointUrl(value: string, allowPrivate: boolean): string {
  const url = new URL(value);
  const refuse = (message: string) => new AppError(400, message, { url: message });
  if (url.username || url.password) throw refuse(webhookMessages.urlInvalid);
  if (url.protocol === 'http:' && !allowPrivate) throw refuse(webhookMessages.urlNotHttps);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host));
  if (local && !allowPrivate) throw refuse(webhookMessages.urlPrivate);
  return url.toString();
}
