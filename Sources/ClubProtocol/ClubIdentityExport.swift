// Who speaks the wire speaks of its identities too: a strap's UUID, an erasure's record, canonical bytes.
@_exported import ClubIdentity
