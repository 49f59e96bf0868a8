/** What garage sales use of the route planner: adding a sale, the link to the plan, the sale's local time. */
export { AddToRouteButton, PlanRouteLink } from './AddToRouteButton';
export { saleZoneTime } from './format';
export { useRouteSelection } from './selection';
