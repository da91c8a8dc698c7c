import TeamCore

extension TileDetail {
    /// The line a tile shows under a sort order: sorted by effort, the points they are sorted by.
    public func shown(sortedBy sort: TileSort) -> TileDetail { sort == .effort ? .effortPoints : self }
}
