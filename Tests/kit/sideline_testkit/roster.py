"""Roster CSVs (`sideline import-roster`'s columns) for teams whose players wear known straps.
Standard library only: the real-stack VM guest writes its teams with it too."""
from sideline_testkit.processes import run

HEADER = 'number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap'


def roster_csv(players, sex='F', weight_kg=60):
    """The CSV text of `players`, (first, last, strap address or '') each, in shirt numbers 1…N;
    born 2000, resting heart rate 50, no maximum given."""
    rows = [HEADER] + [f'{number},{first},{last},2000,{sex},{weight_kg},50,,{strap}'
                       for number, (first, last, strap) in enumerate(players, start=1)]
    return '\n'.join(rows) + '\n'


def wearers(addresses):
    """One player a strap: P1 Strap, P2 Strap, … wearing the straps at `addresses` in order."""
    return [(f'P{number}', 'Strap', address) for number, address in enumerate(addresses, start=1)]


def import_roster(sideline, db, folder, team, players, **person):
    """`sideline import-roster`: `players` (as in roster_csv) become team `team` in the database
    `db`; the CSV is written to `folder`. `person`: roster_csv's sex and weight_kg."""
    roster = folder / 'roster.csv'
    roster.write_text(roster_csv(players, **person))
    run(sideline, 'import-roster', str(roster), '--team', team, '--db', str(db))
