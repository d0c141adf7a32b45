import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DailyCalendarResponse,
  DailyCalendarSettings,
  DrawingSettings,
  LevelsResponse,
  LevelsSettings,
  LoyaltySettingsSaveResponse,
  WheelAndDrawingResponse,
  WheelSettings,
} from '@testerhub/shared/loyalty-settings-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/content/DailyCalendar (content role): the 28 days and the calendar's version. */
export const calendarQuery = () =>
  queryOptions({ queryKey: staffKeys.loyaltyCalendar(), queryFn: () => apiGet<DailyCalendarResponse>('/staff/content/DailyCalendar') });
export const useDailyCalendar = () => useQuery(calendarQuery());

/** GET /api/staff/content/WheelAndDrawing (content role): the wheel and the drawing, each with its version. */
export const wheelAndDrawingQuery = () =>
  queryOptions({
    queryKey: staffKeys.loyaltyWheelAndDrawing(),
    queryFn: () => apiGet<WheelAndDrawingResponse>('/staff/content/WheelAndDrawing'),
  });
export const useWheelAndDrawing = () => useQuery(wheelAndDrawingQuery());

/** GET /api/staff/content/Levels (content role): the experience each level needs, with the levels' version. */
export const levelsQuery = () =>
  queryOptions({ queryKey: staffKeys.loyaltyLevels(), queryFn: () => apiGet<LevelsResponse>('/staff/content/Levels') });
export const useLevels = () => useQuery(levelsQuery());

/** A save that refreshes what it changed, whether it was taken or refused as stale (the form then shows what is stored). */
function useSave<Payload>(path: string, queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', path],
    mutationFn: (payload: Payload) => apiPost<LoyaltySettingsSaveResponse>(path, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** POST /api/staff/content/SaveDailyCalendar, SaveWheel, SaveDrawing and SaveLevels. */
export const useSaveCalendar = () => useSave<DailyCalendarSettings>('/staff/content/SaveDailyCalendar', staffKeys.loyaltyCalendar());
export const useSaveWheel = () => useSave<WheelSettings>('/staff/content/SaveWheel', staffKeys.loyaltyWheelAndDrawing());
export const useSaveDrawing = () => useSave<DrawingSettings>('/staff/content/SaveDrawing', staffKeys.loyaltyWheelAndDrawing());
export const useSaveLevels = () => useSave<LevelsSettings>('/staff/content/SaveLevels', staffKeys.loyaltyLevels());
