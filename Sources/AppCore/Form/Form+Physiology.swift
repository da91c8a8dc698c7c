import TeamCore

extension Form {
    /// The player being typed, as far as the heart-rate figures go: their physiology under the
    /// settings' HRmax formula, so the editor can show each zone in bpm while the coach types.
    /// nil until the birth year and the resting HR are numbers (a max HR left empty is estimated).
    public func draftPhysiology(year: Int, formula: MaxHeartRateFormula) -> Physiology? {
        guard kind.isPlayer, let born = Int(value(.birthYear)), (1900...year).contains(born),
              let rest = Int(value(.restingHR)), rest > 0 else { return nil }
        let maxText = value(.maxHR)
        let measured = Int(maxText)
        guard maxText.isEmpty || (measured ?? 0) > rest else { return nil }
        let player = Player(firstName: value(.firstName), lastName: value(.lastName), birthYear: born, sex: sex,
                            weightKg: Double(value(.weightKg)) ?? 70, restingHR: rest, measuredMaxHR: measured)
        let physiology = Physiology(player: player, year: year, formula: formula)
        return physiology.maxHR > physiology.restingHR ? physiology : nil
    }
}
