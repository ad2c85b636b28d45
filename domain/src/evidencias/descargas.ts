import { z } from 'zod';

/**
 * POST /api/adminflujos/adjunto/{id}/ticket and /api/adminflujos/adjunto/anexo/{id}/ticket
 * (docs/decisions/166): a short-lived ticket that opens that one file as
 * GET /api/adminflujos/adjunto/{id}?ticket=..., in place of the session token in the URL.
 */
export const downloadTicketResponse = z.object({
  ticket: z.string(),
  /** When the ticket stops opening the file (ISO instant). */
  vence: z.string(),
});
export type DownloadTicketResponse = z.infer<typeof downloadTicketResponse>;

/** The query parameter a download link carries its ticket in. */
export const DOWNLOAD_TICKET_PARAM = 'ticket';
