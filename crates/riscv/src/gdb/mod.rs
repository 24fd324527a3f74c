//! The GDB remote-protocol server (`riscv run --gdb ADDR:PORT`, issue 11), through the
//! `gdbstub` crate.
//!
//! Every hart of a [`DebugSystem`] is one GDB thread (thread id = hart index + 1), so a tile's
//! TRISC harts or a Snitch cluster plug in by implementing that trait; a [`Program`] is the
//! one-hart system. Breakpoints (software and hardware alike) are kept in a list and checked
//! before each instruction, memory is never patched; watchpoints are checked on the memory
//! accesses each instruction reports through the [`Trace`] hooks, after it retires (the stop
//! GDB expects for a write watchpoint). While running, the connection is polled every
//! [`POLL_INSNS`] instructions for GDB's interrupt (Ctrl-C).

mod arch;

pub use arch::{Rv32, Rv32RegId, Rv32Regs};

use crate::hart::Hart;
use crate::program::{Outcome, Program, RunError};
use crate::trace::Trace;
use arch::{CSRS, FP_CSRS};
use gdbstub::common::{Signal, Tid};
use gdbstub::conn::ConnectionExt;
use gdbstub::stub::{DisconnectReason, GdbStub, MultiThreadStopReason, run_blocking};
use gdbstub::target::ext::base::BaseOps;
use gdbstub::target::ext::base::multithread::{
    MultiThreadBase, MultiThreadResume, MultiThreadResumeOps, MultiThreadSchedulerLocking,
    MultiThreadSchedulerLockingOps, MultiThreadSingleStep, MultiThreadSingleStepOps,
};
use gdbstub::target::ext::breakpoints::{
    Breakpoints, BreakpointsOps, HwBreakpoint, HwBreakpointOps, HwWatchpoint, HwWatchpointOps,
    SwBreakpoint, SwBreakpointOps, WatchKind,
};
use gdbstub::target::{Target, TargetError, TargetResult};
use macrosim_core::SparseMemory;
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// Instructions run between two looks at the connection for an interrupt.
pub const POLL_INSNS: u32 = 4096;

/// Harts and the memory they share, as a debugger drives them.
pub trait DebugSystem {
    fn hart_count(&self) -> usize;
    fn hart(&self, i: usize) -> &Hart;
    fn hart_mut(&mut self, i: usize) -> &mut Hart;
    fn memory(&mut self) -> &mut SparseMemory;
    /// Run one instruction on hart `i`, reporting its effects to `t`; the outcome once the
    /// program has finished.
    fn step<T: Trace>(&mut self, i: usize, t: &mut T) -> Result<Option<Outcome>, RunError>;
}

impl DebugSystem for Program {
    fn hart_count(&self) -> usize {
        1
    }
    fn hart(&self, _: usize) -> &Hart {
        &self.hart
    }
    fn hart_mut(&mut self, _: usize) -> &mut Hart {
        &mut self.hart
    }
    fn memory(&mut self) -> &mut SparseMemory {
        &mut self.mem
    }
    fn step<T: Trace>(&mut self, _: usize, t: &mut T) -> Result<Option<Outcome>, RunError> {
        self.run_for(t, 1)
    }
}

/// Why a debug session ended badly.
#[derive(Debug, thiserror::Error)]
pub enum GdbError {
    #[error("--gdb {addr}: cannot listen: {source} (is the port in use?)")]
    Listen {
        addr: String,
        source: std::io::Error,
    },
    #[error("--gdb {addr}: no GDB connected within {secs} s")]
    NoClient { addr: String, secs: u64 },
    #[error("--gdb: the GDB client went away ({0}); the program was stopped")]
    ClientGone(String),
    #[error("--gdb: protocol error: {0}")]
    Protocol(String),
}

/// How a debug session ended.
#[derive(Debug)]
pub enum SessionEnd {
    /// The program finished (GDB was told) or failed.
    Finished(Result<Outcome, RunError>),
    /// GDB detached: the program continues without it.
    Detached,
    /// GDB killed the program.
    Killed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Continue,
    Step,
}

/// Records whether an instruction's memory accesses touched a watched range.
struct WatchTrace<'w> {
    watches: &'w [(u32, u32, WatchKind)],
    hit: Option<(WatchKind, u32)>,
}

impl WatchTrace<'_> {
    fn access(&mut self, addr: u32, size: u32, write: bool) {
        for &(start, len, kind) in self.watches {
            let overlaps = addr < start.wrapping_add(len) && start < addr.wrapping_add(size);
            let wanted = match kind {
                WatchKind::Write => write,
                WatchKind::Read => !write,
                WatchKind::ReadWrite => true,
            };
            if overlaps && wanted && self.hit.is_none() {
                self.hit = Some((kind, start));
            }
        }
    }
}

impl Trace for WatchTrace<'_> {
    const ENABLED: bool = true;
    fn begin(&mut self, _: u32, _: u8, _: u32, _: u32) {}
    fn x_write(&mut self, _: u32, _: u32) {}
    fn f_write(&mut self, _: u32, _: u64) {}
    fn csr_write(&mut self, _: u16, _: u32) {}
    fn mem_read(&mut self, addr: u32, size: u32) {
        self.access(addr, size, false);
    }
    fn mem_write(&mut self, addr: u32, _: u64, size: u32) {
        self.access(addr, size, true);
    }
    fn commit(&mut self) {}
    fn discard(&mut self) {
        self.hit = None;
    }
}

/// The gdbstub target over a [`DebugSystem`].
struct Session<'s, S: DebugSystem> {
    sys: &'s mut S,
    breakpoints: Vec<u32>,
    watches: Vec<(u32, u32, WatchKind)>,
    mode: Mode,
    /// Hart GDB asked to step (the others stay put while one steps).
    step_hart: usize,
    finished: Option<Result<Outcome, RunError>>,
}

fn tid(hart: usize) -> Tid {
    Tid::new(hart + 1).expect("hart + 1 > 0")
}

fn hart_of(tid: Tid) -> usize {
    tid.get() - 1
}

type StopReason = MultiThreadStopReason<u32>;

impl<S: DebugSystem> Session<'_, S> {
    /// Run until something GDB must hear about, or `budget` instructions have passed (`None`).
    fn run(&mut self, budget: u32) -> Option<StopReason> {
        for n in 0..budget {
            // Round-robin, one instruction per hart in turn; only the stepped hart when stepping.
            let harts = match self.mode {
                Mode::Step => self.step_hart..self.step_hart + 1,
                Mode::Continue => 0..self.sys.hart_count(),
            };
            for h in harts {
                let pc = self.sys.hart(h).pc();
                // The first instruction after a stop may sit on a breakpoint: it runs.
                if n > 0 && self.breakpoints.contains(&pc) {
                    return Some(StopReason::SwBreak(tid(h)));
                }
                let mut watch = WatchTrace {
                    watches: &self.watches,
                    hit: None,
                };
                match self.sys.step(h, &mut watch) {
                    Ok(None) => {}
                    Ok(Some(outcome)) => {
                        self.finished = Some(Ok(outcome));
                        return Some(match outcome {
                            Outcome::Killed(sig) => StopReason::Terminated(Signal(sig as u8)),
                            o => StopReason::Exited(o.exit_status() as u8),
                        });
                    }
                    Err(e) => {
                        self.finished = Some(Err(e));
                        return Some(StopReason::Terminated(Signal::SIGILL));
                    }
                }
                if let Some((kind, addr)) = watch.hit {
                    return Some(StopReason::Watch {
                        tid: tid(h),
                        kind,
                        addr,
                    });
                }
            }
            if self.mode == Mode::Step {
                return Some(StopReason::DoneStep);
            }
        }
        None
    }
}

impl<S: DebugSystem> Target for Session<'_, S> {
    type Arch = Rv32;
    type Error = &'static str;

    fn base_ops(&mut self) -> BaseOps<'_, Self::Arch, Self::Error> {
        BaseOps::MultiThread(self)
    }

    fn support_breakpoints(&mut self) -> Option<BreakpointsOps<'_, Self>> {
        Some(self)
    }
}

impl<S: DebugSystem> MultiThreadBase for Session<'_, S> {
    fn read_registers(&mut self, regs: &mut Rv32Regs, tid: Tid) -> TargetResult<(), Self> {
        let h = self.sys.hart(hart_of(tid));
        for r in 0..32 {
            regs.x[r] = h.x(r as u32);
            regs.f[r] = h.f(r as u32);
        }
        regs.pc = h.pc();
        for (v, &c) in regs.fp_csrs.iter_mut().zip(&FP_CSRS) {
            *v = h.read_csr(c);
        }
        for (v, &c) in regs.csrs.iter_mut().zip(&CSRS) {
            *v = h.read_csr(c);
        }
        Ok(())
    }

    fn write_registers(&mut self, regs: &Rv32Regs, tid: Tid) -> TargetResult<(), Self> {
        let h = self.sys.hart_mut(hart_of(tid));
        for r in 0..32 {
            h.set_x(r as u32, regs.x[r]);
            h.set_f(r as u32, regs.f[r]);
        }
        h.set_pc(regs.pc);
        for (v, &c) in regs
            .fp_csrs
            .iter()
            .zip(&FP_CSRS)
            .chain(regs.csrs.iter().zip(&CSRS))
        {
            if let Some(v) = *v
                && h.read_csr(c) != Some(v)
            {
                h.write_csr(c, v);
            }
        }
        Ok(())
    }

    fn read_addrs(&mut self, start: u32, data: &mut [u8], _tid: Tid) -> TargetResult<usize, Self> {
        let mem = self.sys.memory();
        for (i, byte) in data.iter_mut().enumerate() {
            let addr = u64::from(start.wrapping_add(i as u32));
            match mem.page(addr) {
                Some((page, _)) => *byte = page[(addr % macrosim_core::memory::PAGE_SIZE) as usize],
                None if i == 0 => return Err(TargetError::NonFatal),
                None => return Ok(i),
            }
        }
        Ok(data.len())
    }

    fn write_addrs(&mut self, start: u32, data: &[u8], _tid: Tid) -> TargetResult<(), Self> {
        self.sys
            .memory()
            .load_bytes(u64::from(start), data)
            .map_err(|_| TargetError::NonFatal)
    }

    fn list_active_threads(&mut self, active: &mut dyn FnMut(Tid)) -> Result<(), Self::Error> {
        (0..self.sys.hart_count()).for_each(|h| active(tid(h)));
        Ok(())
    }

    fn support_resume(&mut self) -> Option<MultiThreadResumeOps<'_, Self>> {
        Some(self)
    }
}

impl<S: DebugSystem> MultiThreadResume for Session<'_, S> {
    fn resume(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }

    fn clear_resume_actions(&mut self) -> Result<(), Self::Error> {
        self.mode = Mode::Continue;
        Ok(())
    }

    fn set_resume_action_continue(
        &mut self,
        _tid: Tid,
        _signal: Option<Signal>,
    ) -> Result<(), Self::Error> {
        Ok(())
    }

    fn support_single_step(&mut self) -> Option<MultiThreadSingleStepOps<'_, Self>> {
        Some(self)
    }

    fn support_scheduler_locking(&mut self) -> Option<MultiThreadSchedulerLockingOps<'_, Self>> {
        Some(self)
    }
}

/// `set scheduler-locking` (GDB's `next` asks for it): while one hart steps the others stay
/// put already, so there is nothing more to do.
impl<S: DebugSystem> MultiThreadSchedulerLocking for Session<'_, S> {
    fn set_resume_action_scheduler_lock(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl<S: DebugSystem> MultiThreadSingleStep for Session<'_, S> {
    fn set_resume_action_step(
        &mut self,
        tid: Tid,
        _signal: Option<Signal>,
    ) -> Result<(), Self::Error> {
        self.mode = Mode::Step;
        self.step_hart = hart_of(tid);
        Ok(())
    }
}

impl<S: DebugSystem> Breakpoints for Session<'_, S> {
    fn support_sw_breakpoint(&mut self) -> Option<SwBreakpointOps<'_, Self>> {
        Some(self)
    }
    fn support_hw_breakpoint(&mut self) -> Option<HwBreakpointOps<'_, Self>> {
        Some(self)
    }
    fn support_hw_watchpoint(&mut self) -> Option<HwWatchpointOps<'_, Self>> {
        Some(self)
    }
}

impl<S: DebugSystem> Session<'_, S> {
    fn add_break(&mut self, addr: u32) -> bool {
        self.breakpoints.push(addr);
        true
    }
    fn remove_break(&mut self, addr: u32) -> bool {
        match self.breakpoints.iter().position(|&a| a == addr) {
            Some(i) => {
                self.breakpoints.swap_remove(i);
                true
            }
            None => false,
        }
    }
}

impl<S: DebugSystem> SwBreakpoint for Session<'_, S> {
    fn add_sw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.add_break(addr))
    }
    fn remove_sw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.remove_break(addr))
    }
}

impl<S: DebugSystem> HwBreakpoint for Session<'_, S> {
    fn add_hw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.add_break(addr))
    }
    fn remove_hw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.remove_break(addr))
    }
}

impl<S: DebugSystem> HwWatchpoint for Session<'_, S> {
    fn add_hw_watchpoint(
        &mut self,
        addr: u32,
        len: u32,
        kind: WatchKind,
    ) -> TargetResult<bool, Self> {
        self.watches.push((addr, len, kind));
        Ok(true)
    }
    fn remove_hw_watchpoint(
        &mut self,
        addr: u32,
        len: u32,
        kind: WatchKind,
    ) -> TargetResult<bool, Self> {
        match self.watches.iter().position(|&w| w == (addr, len, kind)) {
            Some(i) => {
                self.watches.remove(i);
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

struct EventLoop<'s, S>(std::marker::PhantomData<&'s mut S>);

impl<'s, S: DebugSystem> run_blocking::BlockingEventLoop for EventLoop<'s, S> {
    type Target = Session<'s, S>;
    type Connection = TcpStream;
    type StopReason = StopReason;

    fn wait_for_stop_reason(
        target: &mut Self::Target,
        conn: &mut TcpStream,
    ) -> Result<
        run_blocking::Event<StopReason>,
        run_blocking::WaitForStopReasonError<&'static str, std::io::Error>,
    > {
        loop {
            if let Some(stop) = target.run(POLL_INSNS) {
                return Ok(run_blocking::Event::TargetStopped(stop));
            }
            // Later instructions are not the first after a stop: breakpoints count again.
            if let Some(byte) = conn
                .peek()
                .map_err(run_blocking::WaitForStopReasonError::Connection)?
            {
                return Ok(run_blocking::Event::IncomingData(byte));
            }
        }
    }

    fn on_interrupt(_target: &mut Self::Target) -> Result<Option<StopReason>, &'static str> {
        Ok(Some(StopReason::Signal(Signal::SIGINT)))
    }
}

/// Listen on `addr`, wait up to `wait` for GDB, and run `sys` under its control.
pub fn serve<S: DebugSystem>(
    sys: &mut S,
    addr: &str,
    wait: Duration,
) -> Result<SessionEnd, GdbError> {
    let listen = |source| GdbError::Listen {
        addr: addr.to_string(),
        source,
    };
    let listener = TcpListener::bind(addr).map_err(listen)?;
    listener.set_nonblocking(true).map_err(listen)?;
    let deadline = Instant::now() + wait;
    let stream = loop {
        match listener.accept() {
            Ok((stream, _)) => break stream,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err(GdbError::NoClient {
                        addr: addr.to_string(),
                        secs: wait.as_secs(),
                    });
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => return Err(listen(e)),
        }
    };
    let gone = |e: std::io::Error| GdbError::ClientGone(e.to_string());
    stream.set_nonblocking(false).map_err(gone)?;
    let _ = stream.set_nodelay(true);
    let mut session = Session {
        sys,
        breakpoints: Vec::new(),
        watches: Vec::new(),
        mode: Mode::Continue,
        step_hart: 0,
        finished: None,
    };
    let result = GdbStub::new(stream).run_blocking::<EventLoop<'_, S>>(&mut session);
    let finished = session.finished.take();
    match result {
        Ok(DisconnectReason::TargetExited(_) | DisconnectReason::TargetTerminated(_)) => Ok(
            SessionEnd::Finished(finished.unwrap_or(Ok(Outcome::Exit(0)))),
        ),
        Ok(DisconnectReason::Kill) => Ok(SessionEnd::Killed),
        Ok(DisconnectReason::Disconnect) => match finished {
            Some(f) => Ok(SessionEnd::Finished(f)),
            None => Ok(SessionEnd::Detached),
        },
        Err(e) if e.is_connection_error() => Err(GdbError::ClientGone(e.to_string())),
        Err(e) => Err(GdbError::Protocol(e.to_string())),
    }
}
