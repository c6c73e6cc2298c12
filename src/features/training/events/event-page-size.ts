/**
 * Events per read of a job's event list, as the job page pages through them (use-job-event-stream.ts). Its own
 * file, importing nothing: boot sends the job page's first read before the training code arrives
 * (app/first-page-request.ts), and the service adopts it only if the two agree.
 */
export const EVENT_PAGE_LIMIT = 100;
