// The natal form's place of birth: a city from the suggestions, or (after the switch) a named place with its
// coordinates and time zone. Typing a city forgets the one chosen from the list; the switch clears the errors.
import { NatalCitySearch } from './NatalCitySearch';
import { NatalCoordinates } from './NatalCoordinates';
import type { NatalFields } from './useNatalForm';

export function NatalPlaceFields({ ids, f }: { ids: string; f: NatalFields }) {
  return (
    <>
      <NatalCitySearch
        ids={ids}
        city={f.city}
        cityId={f.cityId}
        byCoordinates={f.byCoordinates}
        error={f.errors.city}
        onType={(value) => {
          f.setCity(value);
          f.setCityId(null);
          f.edit('city');
        }}
        onChoose={(c) => {
          f.setCity(c.label);
          f.setCityId(c.id);
          f.edit('city');
        }}
        onLeave={(value) => f.requiredOnBlur('city', value)}
        onToggleCoordinates={() => {
          f.setByCoordinates((v) => !v);
          f.setCityId(null);
          f.setErrors({});
        }}
      />

      {f.byCoordinates && (
        <NatalCoordinates
          ids={ids}
          value={f.coords}
          errors={f.errors}
          onChange={(field, value) => {
            f.setCoords((c) => ({ ...c, [field]: value }));
            f.edit(field);
          }}
        />
      )}
    </>
  );
}
