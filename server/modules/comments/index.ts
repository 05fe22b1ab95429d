// The comments module's front door: what other modules and the app may use (issue 26).
export { detachCellComments } from './cell-comments.ts';
export { createCommentsRepo } from './repo.ts';
export type { CommentsRepo, CommentWithAuthor } from './repo.ts';
export { commentsRoutes } from './routes.ts';
export { createCommentsService } from './service.ts';
