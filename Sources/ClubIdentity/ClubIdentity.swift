// What every kiosk and the club server make alike without asking each other, below both the wire
// (`ClubProtocol`) and the kiosk's store (`Store`): a strap's UUID from its address (`StrapIdentity`), an
// erased player's one-way digest and its record (`PlayerErasure`), the canonical JSON and SHA-256 they are
// written and hashed with (`CanonicalJSON`), and the text and time bounds they are held to (`TextBounds`,
// `WallClockBounds`). The store needs these for its own rows; the rest of the wire stays out of it.
