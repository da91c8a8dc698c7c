/// The pages' one stylesheet (`/static/club.css`): readable from a 375 px phone to a laptop, no
/// script, and a print layout that puts a team's season report on one page.
enum WebStyle {
    static let path = "/static/club.css"

    static let css = """
    :root { --ink: #1d2430; --dim: #5d6778; --line: #d9dee7; --bg: #f5f7fa; --card: #fff; --accent: #0b6bcb;
            --good: #1a7f37; --high: #c2261b; --steady: #0b6bcb; --low: #8a6a00; --unknown: #6b7280; --caution: #b45309; }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: var(--bg); }
    a { color: var(--accent); }
    header.bar { background: #18212f; color: #fff; padding: .5rem 1rem; display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; }
    header.bar .club { font-weight: 700; margin-right: auto; }
    header.bar nav { display: flex; flex-wrap: wrap; gap: .25rem .9rem; }
    header.bar a { color: #fff; text-decoration: none; }
    header.bar a.here { text-decoration: underline; text-underline-offset: .3em; }
    header.bar form { margin: 0; }
    header.bar button { background: none; border: 1px solid #8793a6; color: #fff; border-radius: 4px; padding: .15rem .6rem; font: inherit; font-size: .9rem; cursor: pointer; }
    header.bar .who { color: #c5ccd8; font-size: .9rem; overflow-wrap: anywhere; }
    main { max-width: 1100px; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.45rem; margin: .2rem 0 .8rem; overflow-wrap: anywhere; }
    h2 { font-size: 1.15rem; margin: 1.4rem 0 .5rem; }
    p.sub { color: var(--dim); margin: -.5rem 0 1rem; }
    p.pages a { display: inline-block; padding: .7rem 0; }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .8rem; margin-bottom: 1rem; }
    .scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
    table { border-collapse: collapse; width: 100%; background: var(--card); }
    th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
    th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--dim); white-space: nowrap; }
    tbody th { font-size: inherit; text-transform: none; letter-spacing: 0; color: var(--ink); font-weight: 500; white-space: normal; }
    table.compact th, table.compact td.num { white-space: normal; }
    table.compact tbody th { width: 40%; }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    tr:hover td { background: #f0f4fa; }
    .tag { display: inline-block; background: #e8eef7; color: #23436b; border-radius: 10px; padding: 0 .5rem; font-size: .8rem; margin: 0 .2rem .1rem 0; }
    .word { display: inline-block; border-radius: 4px; padding: 0 .45rem; font-size: .85rem; color: #fff; white-space: nowrap; }
    .tone-good { background: var(--good); } .tone-high { background: var(--high); } .tone-steady { background: var(--steady); }
    .tone-low { background: var(--low); } .tone-unknown { background: var(--unknown); } .tone-caution { background: var(--caution); }
    .pic { width: 48px; }
    .nowrap { white-space: nowrap; }
    .anywhere { overflow-wrap: anywhere; min-width: 8rem; }
    .narrow { display: none; }
    .photo { width: 40px; height: 40px; border-radius: 50%; object-fit: cover; background: #dfe4ec; display: block; }
    .photo.big { width: 96px; height: 96px; }
    .message { padding: .6rem .8rem; border-radius: 6px; margin-bottom: 1rem; }
    .message.error { background: #fde8e7; border: 1px solid #f3b1ac; color: #7a1610; }
    .message.ok { background: #e6f4ea; border: 1px solid #a7d8b4; color: #14532d; }
    form.stack { display: grid; gap: .7rem; max-width: 520px; }
    form.stack label { display: grid; gap: .2rem; font-size: .9rem; color: var(--dim); }
    .pair { display: grid; grid-template-columns: 1fr 1fr; gap: .7rem; }
    .three { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: .7rem; }
    fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0; padding: .5rem .7rem .7rem; }
    legend { font-size: .9rem; color: var(--ink); padding: 0 .3rem; }
    fieldset p { margin: 0; }
    input, select { font: inherit; padding: .45rem .5rem; border: 1px solid #b7c0cd; border-radius: 5px; background: #fff; color: var(--ink); width: 100%; min-width: 0; }
    input[type=file] { padding: .3rem; }
    input[type=checkbox] { width: auto; margin: 0; }
    form.stack label > span { display: flex; align-items: center; gap: .5rem; color: var(--ink); }
    button.primary, a.button { font: inherit; background: var(--accent); color: #fff; border: 0; border-radius: 5px; padding: .5rem 1rem; cursor: pointer; text-decoration: none; display: inline-block; }
    form.inline { display: inline; margin: 0; }
    form.filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr)); gap: .5rem .7rem; align-items: end; margin-bottom: 1rem; }
    form.filters label { display: grid; gap: .2rem; font-size: .9rem; color: var(--dim); }
    button.danger { font: inherit; font-size: .9rem; background: none; color: #a11; border: 1px solid #a11; border-radius: 4px; padding: .1rem .6rem; cursor: pointer; }
    .actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0 1rem; }
    .downloads a { display: inline-block; margin: 0 .6rem .3rem 0; }
    svg.chart { width: 100%; height: auto; display: block; background: var(--card); border: 1px solid var(--line); border-radius: 8px; }
    svg.chart text { font: 12px system-ui, sans-serif; fill: var(--dim); }
    .legend { display: flex; flex-wrap: wrap; gap: .2rem .9rem; font-size: .85rem; color: var(--dim); margin: .4rem 0 0; }
    .legend svg.swatch { vertical-align: middle; margin-right: .3rem; }
    .grid2 { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
    .login { max-width: 380px; margin: 8vh auto; }
    .muted { color: var(--dim); }
    @media (max-width: 640px) {
        main { padding: .7rem; }
        .opt { display: none; }
        .wide { display: none; }
        .narrow { display: block; }
        .word { font-size: .75rem; padding: 0 .3rem; }
        .grid2, .pair, .three { grid-template-columns: 1fr; }
        th, td { padding: .35rem .3rem; }
        body { font-size: 15px; }
    }
    ul.flags { margin: .3rem 0 .6rem; padding-left: 1.2rem; }
    ul.flags li { margin: .15rem 0; }
    table.report td, table.report th { white-space: nowrap; }
    @media print {
        @page { size: A4 landscape; margin: 10mm; }
        body { background: #fff; font-size: 10pt; }
        header.bar, .actions, .noprint, form { display: none !important; }
        main { max-width: none; padding: 0; }
        .card, svg.chart { border: 0; }
        .opt { display: table-cell !important; }
        .wide { display: block !important; }
        .narrow { display: none !important; }
        th, td { padding: 2px 4px; }
        .word { color: #000 !important; background: none !important; border: 1px solid #000; }
        tr { break-inside: avoid; }
        a { color: inherit; text-decoration: none; }
        /* The weekly report: 40 players and the notes on one A4 page. */
        table.report { font-size: 8pt; }
        table.report td, table.report th { padding: 1px 4px; }
        .report-notes { font-size: 8pt; }
        .report-notes h2 { font-size: 10pt; margin: .4rem 0 .2rem; }
    }
    """
}
