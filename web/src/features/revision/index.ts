// The reviewer's waiting count on the home page (decision 175).
export { PendingReview } from './components/pending-review';
