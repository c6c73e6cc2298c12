/** Chart heights: the headline metric (reward) larger, flat series (learning rate, counts) small. */
export const CHART_HEIGHTS = { emphasised: 240, normal: 180, small: 100 } as const;
export type ChartSize = keyof typeof CHART_HEIGHTS;
