/** What other features may use of places: the city field, the saved place and the "Change Location" dialog. */
export { ChangeLocationDialog } from './ChangeLocationDialog';
export { LocationField, type ChosenLocation } from './LocationField';
export { useSavedLocation } from './useSavedLocation';
