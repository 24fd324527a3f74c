//! The protocol thread: gdbstub's multi-thread target, which forwards every request to the
//! simulation's [`Debugger`](super::Debugger) over channels and waits for its answer.

use super::arch::{Rv32, Rv32Regs};
use super::{Ended, GdbError};
use gdbstub::common::{Signal, Tid};
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
use gdbstub::target::ext::thread_extra_info::{ThreadExtraInfo, ThreadExtraInfoOps};
use gdbstub::target::{Target, TargetError, TargetResult};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

pub(super) type StopReason = MultiThreadStopReason<u32>;

/// How long the protocol thread waits for a stop before it looks at the connection again.
const POLL: Duration = Duration::from_millis(20);

/// What GDB asks of the simulation.
pub(super) enum Request {
    Regs(usize),
    SetRegs(usize, Box<Rv32Regs>),
    Read(usize, u32, usize),
    Write(usize, u32, Vec<u8>),
    Resume(Resume),
    /// The protocol thread's last message when GDB left before the program ended.
    End(Ended),
}

/// The simulation's answers.
pub(super) enum Reply {
    Regs(Box<Rv32Regs>),
    Bytes(Vec<u8>),
    Written(bool),
}

/// How to run until the next stop.
#[derive(Clone, Debug, Default)]
pub(super) struct Resume {
    /// The hart to single-step.
    pub step: Option<usize>,
    /// Harts GDB named in a continue action (`vCont;c:p1.4`).
    pub continued: Vec<usize>,
    /// Scheduler locking (no continue action for all threads): only the stepped hart and the
    /// harts in `continued` run.
    pub locked: bool,
    pub breakpoints: Vec<u32>,
    pub watches: Vec<(u32, u32, WatchKind)>,
}

pub(super) struct Remote {
    pub requests: Sender<Request>,
    pub replies: Receiver<Reply>,
    pub stops: Receiver<StopReason>,
    pub interrupt: Arc<AtomicBool>,
    /// (hart index, name) of every GDB thread.
    pub threads: Vec<(usize, String)>,
    pub resume: Resume,
}

const GONE: &str = "the simulation ended";

impl Remote {
    fn ask(&self, r: Request) -> Result<Reply, TargetError<&'static str>> {
        let gone = |_| TargetError::Fatal(GONE);
        self.requests.send(r).map_err(gone)?;
        self.replies.recv().map_err(|_| TargetError::Fatal(GONE))
    }

    /// Run the session on `stream`; the simulation hears how it ended.
    pub fn serve(mut self, stream: TcpStream) {
        let result = GdbStub::new(stream).run_blocking::<EventLoop>(&mut self);
        let end = match result {
            // The simulation reported the exit itself and knows.
            Ok(DisconnectReason::TargetExited(_) | DisconnectReason::TargetTerminated(_)) => return,
            Ok(DisconnectReason::Kill) => Ended::Killed,
            Ok(DisconnectReason::Disconnect) => Ended::Detached,
            Err(e) if e.is_connection_error() => Ended::Failed(GdbError::ClientGone(e.to_string())),
            Err(e) => Ended::Failed(GdbError::Protocol(e.to_string())),
        };
        let _ = self.requests.send(Request::End(end));
    }
}

pub(super) fn tid(hart: usize) -> Tid {
    Tid::new(hart + 1).expect("hart + 1 > 0")
}

fn hart_of(tid: Tid) -> usize {
    tid.get() - 1
}

impl Target for Remote {
    type Arch = Rv32;
    type Error = &'static str;

    fn base_ops(&mut self) -> BaseOps<'_, Self::Arch, Self::Error> {
        BaseOps::MultiThread(self)
    }

    fn support_breakpoints(&mut self) -> Option<BreakpointsOps<'_, Self>> {
        Some(self)
    }
}

impl MultiThreadBase for Remote {
    fn read_registers(&mut self, regs: &mut Rv32Regs, tid: Tid) -> TargetResult<(), Self> {
        match self.ask(Request::Regs(hart_of(tid)))? {
            Reply::Regs(r) => *regs = *r,
            _ => return Err(TargetError::Fatal("unexpected reply")),
        }
        Ok(())
    }

    fn write_registers(&mut self, regs: &Rv32Regs, tid: Tid) -> TargetResult<(), Self> {
        self.ask(Request::SetRegs(hart_of(tid), Box::new(regs.clone())))?;
        Ok(())
    }

    fn read_addrs(&mut self, start: u32, data: &mut [u8], tid: Tid) -> TargetResult<usize, Self> {
        match self.ask(Request::Read(hart_of(tid), start, data.len()))? {
            Reply::Bytes(b) if b.is_empty() => Err(TargetError::NonFatal),
            Reply::Bytes(b) => {
                data[..b.len()].copy_from_slice(&b);
                Ok(b.len())
            }
            _ => Err(TargetError::Fatal("unexpected reply")),
        }
    }

    fn write_addrs(&mut self, start: u32, data: &[u8], tid: Tid) -> TargetResult<(), Self> {
        match self.ask(Request::Write(hart_of(tid), start, data.to_vec()))? {
            Reply::Written(true) => Ok(()),
            _ => Err(TargetError::NonFatal),
        }
    }

    fn list_active_threads(&mut self, active: &mut dyn FnMut(Tid)) -> Result<(), Self::Error> {
        self.threads.iter().for_each(|&(h, _)| active(tid(h)));
        Ok(())
    }

    fn support_resume(&mut self) -> Option<MultiThreadResumeOps<'_, Self>> {
        Some(self)
    }

    fn support_thread_extra_info(&mut self) -> Option<ThreadExtraInfoOps<'_, Self>> {
        Some(self)
    }
}

/// `info threads` shows each hart's name (`trisc1`, `hart 3`).
impl ThreadExtraInfo for Remote {
    fn thread_extra_info(&self, tid: Tid, buf: &mut [u8]) -> Result<usize, Self::Error> {
        let name = self
            .threads
            .iter()
            .find(|&&(h, _)| h == hart_of(tid))
            .map_or("", |(_, n)| n.as_str());
        let n = name.len().min(buf.len());
        buf[..n].copy_from_slice(&name.as_bytes()[..n]);
        Ok(n)
    }
}

impl MultiThreadResume for Remote {
    fn resume(&mut self) -> Result<(), Self::Error> {
        self.requests
            .send(Request::Resume(self.resume.clone()))
            .map_err(|_| GONE)
    }

    fn clear_resume_actions(&mut self) -> Result<(), Self::Error> {
        self.resume.step = None;
        self.resume.continued.clear();
        self.resume.locked = false;
        Ok(())
    }

    /// GDB continues one thread alone while it steps it off a breakpoint or watchpoint
    /// (`vCont;c:p1.4`, a breakpoint at the next instruction: RISC-V's software single step).
    fn set_resume_action_continue(
        &mut self,
        tid: Tid,
        _signal: Option<Signal>,
    ) -> Result<(), Self::Error> {
        self.resume.continued.push(hart_of(tid));
        Ok(())
    }

    fn support_single_step(&mut self) -> Option<MultiThreadSingleStepOps<'_, Self>> {
        Some(self)
    }

    fn support_scheduler_locking(&mut self) -> Option<MultiThreadSchedulerLockingOps<'_, Self>> {
        Some(self)
    }
}

impl MultiThreadSchedulerLocking for Remote {
    fn set_resume_action_scheduler_lock(&mut self) -> Result<(), Self::Error> {
        self.resume.locked = true;
        Ok(())
    }
}

impl MultiThreadSingleStep for Remote {
    fn set_resume_action_step(
        &mut self,
        tid: Tid,
        _signal: Option<Signal>,
    ) -> Result<(), Self::Error> {
        self.resume.step = Some(hart_of(tid));
        Ok(())
    }
}

impl Breakpoints for Remote {
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

impl Remote {
    fn add_break(&mut self, addr: u32) -> bool {
        self.resume.breakpoints.push(addr);
        true
    }
    fn remove_break(&mut self, addr: u32) -> bool {
        let b = &mut self.resume.breakpoints;
        b.iter()
            .position(|&a| a == addr)
            .map(|i| b.swap_remove(i))
            .is_some()
    }
}

impl SwBreakpoint for Remote {
    fn add_sw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.add_break(addr))
    }
    fn remove_sw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.remove_break(addr))
    }
}

impl HwBreakpoint for Remote {
    fn add_hw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.add_break(addr))
    }
    fn remove_hw_breakpoint(&mut self, addr: u32, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.remove_break(addr))
    }
}

impl HwWatchpoint for Remote {
    fn add_hw_watchpoint(
        &mut self,
        addr: u32,
        len: u32,
        kind: WatchKind,
    ) -> TargetResult<bool, Self> {
        self.resume.watches.push((addr, len, kind));
        Ok(true)
    }
    fn remove_hw_watchpoint(
        &mut self,
        addr: u32,
        len: u32,
        kind: WatchKind,
    ) -> TargetResult<bool, Self> {
        let w = &mut self.resume.watches;
        Ok(w.iter()
            .position(|&x| x == (addr, len, kind))
            .map(|i| w.remove(i))
            .is_some())
    }
}

/// The next byte from GDB if one has come, or an error if GDB closed the connection.
/// gdbstub's own `peek` reads a closed socket's end as a NUL byte, so a client that left while
/// a hart ran was never noticed and the run went on without end.
fn peek_open(conn: &mut TcpStream) -> std::io::Result<Option<u8>> {
    conn.set_nonblocking(true)?;
    let mut byte = [0u8];
    match TcpStream::peek(conn, &mut byte) {
        Ok(0) => Err(std::io::ErrorKind::UnexpectedEof.into()),
        Ok(_) => Ok(Some(byte[0])),
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => Ok(None),
        Err(e) => Err(e),
    }
}

struct EventLoop;

impl run_blocking::BlockingEventLoop for EventLoop {
    type Target = Remote;
    type Connection = TcpStream;
    type StopReason = StopReason;

    fn wait_for_stop_reason(
        target: &mut Remote,
        conn: &mut TcpStream,
    ) -> Result<
        run_blocking::Event<StopReason>,
        run_blocking::WaitForStopReasonError<&'static str, std::io::Error>,
    > {
        loop {
            match target.stops.recv_timeout(POLL) {
                Ok(stop) => return Ok(run_blocking::Event::TargetStopped(stop)),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(run_blocking::WaitForStopReasonError::Target(GONE));
                }
            }
            if let Some(byte) =
                peek_open(conn).map_err(run_blocking::WaitForStopReasonError::Connection)?
            {
                return Ok(run_blocking::Event::IncomingData(byte));
            }
        }
    }

    /// Ctrl-C: the simulation stops before the next turn it gives a hart.
    fn on_interrupt(target: &mut Remote) -> Result<Option<StopReason>, &'static str> {
        target.interrupt.store(true, Ordering::Relaxed);
        Ok(None)
    }
}
