//! What each frontend stage did in a cycle, as the cycle model ([`super::FrontendTiming`])
//! reports it, and those states as timeline tracks (issue 11: per thread, the RISC-V push, the
//! MOP expander, the replay expander and the Wait Gate).

use macrosim_core::timeline::{NameId, StateTrack, Timeline};

/// The RISC-V core's push side in a cycle (timing rule 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushStage {
    /// Nothing left to push.
    Idle,
    Push,
    /// An instruction to push but FIFO A is full.
    PushStall,
    /// Waiting for the MOP expander before a MopCfg write.
    MopCfgWait,
}

/// The MOP expander in a cycle (timing rule 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MopStage {
    Idle,
    /// Ingested a `MOP` (and emitted its first instruction when FIFO B had room).
    MopStart,
    /// Emitted the next instruction of an expansion.
    Expanding,
    /// Expanding, but FIFO B is full.
    ExpandStall,
    /// Passed a non-MOP instruction into FIFO B.
    PassThrough,
    /// A non-MOP instruction waits for room in FIFO B.
    PassStall,
    /// Consumed a `MOP_CFG`.
    MopCfg,
    /// The transition cycle after an expansion.
    Bubble,
}

/// The replay expander in a cycle (timing rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayStage {
    Idle,
    /// Ingested a playback `REPLAY`.
    PlaybackStart,
    Playback,
    /// Playing back, but FIFO C is full.
    PlaybackStall,
    /// Ingested a recording `REPLAY` or an instruction being recorded.
    Record,
    PassThrough,
    /// The instruction at the head of FIFO B waits for room in FIFO C.
    Stall,
}

/// The four tracks of one thread and the names of their states.
#[derive(Clone, Copy, Debug)]
pub(super) struct StageTracks {
    push: StateTrack,
    mop: StateTrack,
    replay: StateTrack,
    gate: StateTrack,
    mop_instant: (macrosim_core::timeline::TrackId, NameId),
    replay_instant: (macrosim_core::timeline::TrackId, NameId),
    n: Names,
}

#[derive(Clone, Copy, Debug)]
struct Names {
    push: NameId,
    push_stall: NameId,
    mopcfg_wait: NameId,
    expanding: NameId,
    expand_stall: NameId,
    pass: NameId,
    pass_stall: NameId,
    mopcfg: NameId,
    bubble: NameId,
    playback: NameId,
    playback_stall: NameId,
    record: NameId,
    stall: NameId,
    arrivals: NameId,
}

impl StageTracks {
    pub(super) fn new(tl: &mut impl Timeline, thread: u8) -> Self {
        let group = format!("tensix thread {thread}");
        let mut track = |name| StateTrack::new(tl.track(&group, name));
        let (push, mop, replay, gate) = (
            track("RISC-V push"),
            track("MOP expander"),
            track("replay expander"),
            track("Wait Gate"),
        );
        let mop_track = tl.track(&group, "MOP expander");
        let replay_track = tl.track(&group, "replay expander");
        let n = Names {
            push: tl.name("push"),
            push_stall: tl.name("push stall (FIFO A full)"),
            mopcfg_wait: tl.name("MopCfg wait"),
            expanding: tl.name("expanding"),
            expand_stall: tl.name("expanding, FIFO B full"),
            pass: tl.name("pass-through"),
            pass_stall: tl.name("pass-through, FIFO B full"),
            mopcfg: tl.name("MOP_CFG"),
            bubble: tl.name("bubble"),
            playback: tl.name("playback"),
            playback_stall: tl.name("playback, FIFO C full"),
            record: tl.name("record"),
            stall: tl.name("stall (FIFO C full)"),
            arrivals: tl.name("arrivals"),
        };
        StageTracks {
            push,
            mop,
            replay,
            gate,
            mop_instant: (mop_track, tl.name("MOP")),
            replay_instant: (replay_track, tl.name("REPLAY")),
            n,
        }
    }

    /// Record what the stages did in `cycle`.
    #[inline]
    pub(super) fn cycle(
        &mut self,
        tl: &mut impl Timeline,
        cycle: u64,
        arrived: bool,
        replay: ReplayStage,
        mop: MopStage,
        push: PushStage,
    ) {
        let n = &self.n;
        self.gate.set(tl, cycle, arrived.then_some(n.arrivals));
        let replay_name = match replay {
            ReplayStage::Idle => None,
            ReplayStage::PlaybackStart => {
                tl.instant(self.replay_instant.0, self.replay_instant.1, cycle);
                Some(n.playback)
            }
            ReplayStage::Playback => Some(n.playback),
            ReplayStage::PlaybackStall => Some(n.playback_stall),
            ReplayStage::Record => Some(n.record),
            ReplayStage::PassThrough => Some(n.pass),
            ReplayStage::Stall => Some(n.stall),
        };
        self.replay.set(tl, cycle, replay_name);
        let mop_name = match mop {
            MopStage::Idle => None,
            MopStage::MopStart => {
                tl.instant(self.mop_instant.0, self.mop_instant.1, cycle);
                Some(n.expanding)
            }
            MopStage::Expanding => Some(n.expanding),
            MopStage::ExpandStall => Some(n.expand_stall),
            MopStage::PassThrough => Some(n.pass),
            MopStage::PassStall => Some(n.pass_stall),
            MopStage::MopCfg => Some(n.mopcfg),
            MopStage::Bubble => Some(n.bubble),
        };
        self.mop.set(tl, cycle, mop_name);
        let push_name = match push {
            PushStage::Idle => None,
            PushStage::Push => Some(n.push),
            PushStage::PushStall => Some(n.push_stall),
            PushStage::MopCfgWait => Some(n.mopcfg_wait),
        };
        self.push.set(tl, cycle, push_name);
    }

    /// Close the open spans at `cycle`, the end of the run.
    pub(super) fn finish(&mut self, tl: &mut impl Timeline, cycle: u64) {
        for t in [
            &mut self.push,
            &mut self.mop,
            &mut self.replay,
            &mut self.gate,
        ] {
            t.finish(tl, cycle);
        }
    }
}
