#pragma once
// Runs a stream of tasks on N threads and hands their results to a writer strictly in the order
// the tasks were taken, so a parallel census writes the same report as a serial one.
//
// Workers pull: each takes the next task from the source itself (under the pipeline's lock), runs
// it, and delivers the result; whoever delivers the next result to write becomes the writer until
// no written-in-order result is left. Nobody hands work to anybody, so there is no per-task
// wake-up (a handoff per small file cost a third more CPU than the files themselves). Memory stays
// bounded: no task is taken while `window` taken results are still unwritten (a slow file holds
// back at most that many finished ones). The calling thread is one of the workers; with one job
// everything runs on it.
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace gafcheck {

template <typename Result>
class OrderedPipeline {
 public:
  // A task is a job to run, or a result that needs no work (it still waits its turn).
  struct Task {
    std::function<Result()> job;
    std::optional<Result> ready;
  };
  // Called under the pipeline's lock, so it may walk a tree; nullopt when there is no more.
  using Source = std::function<std::optional<Task>()>;
  using Writer = std::function<void(Result&&)>;

  OrderedPipeline(unsigned jobs, Source source, Writer writer)
      : jobs_(jobs == 0 ? 1 : jobs),
        window_(8 * std::size_t{jobs_} + 8),
        source_(std::move(source)),
        writer_(std::move(writer)) {}
  OrderedPipeline(const OrderedPipeline&) = delete;
  OrderedPipeline& operator=(const OrderedPipeline&) = delete;

  // Runs every task and returns once the last result is written. Rethrows the first exception a
  // source, job or writer threw (the tasks after it are not started).
  void run() {
    std::vector<std::thread> helpers;
    for (unsigned i = 1; i < jobs_; ++i) helpers.emplace_back([this] { work(); });
    work();
    for (std::thread& helper : helpers) helper.join();
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  void work() {
    while (true) {
      std::unique_lock lock(mutex_);
      room_.wait(lock, [this] { return next_take_ - next_write_ < window_ || stopped(); });
      if (stopped()) return;
      std::optional<Task> task;
      try {
        task = source_();
      } catch (...) {
        fail(std::current_exception());
        return;
      }
      if (!task) {
        exhausted_ = true;
        room_.notify_all();
        return;
      }
      const std::uint64_t sequence = next_take_++;
      lock.unlock();
      try {
        deliver(sequence, task->job ? task->job() : std::move(*task->ready));
      } catch (...) {
        std::lock_guard guard(mutex_);
        fail(std::current_exception());
        return;
      }
    }
  }

  bool stopped() const { return exhausted_ || failure_ != nullptr; }

  // Called with the lock held.
  void fail(std::exception_ptr error) {
    if (!failure_) failure_ = error;
    room_.notify_all();
  }

  void deliver(std::uint64_t sequence, Result result) {
    std::unique_lock lock(mutex_);
    ready_.emplace(sequence, std::move(result));
    if (writing_) return;
    writing_ = true;
    while (!ready_.empty() && ready_.begin()->first == next_write_ && !failure_) {
      Result next = std::move(ready_.begin()->second);
      ready_.erase(ready_.begin());
      lock.unlock();
      try {
        writer_(std::move(next));
      } catch (...) {
        lock.lock();
        writing_ = false;
        throw;
      }
      lock.lock();
      // Wake a worker waiting for the window only once it has room again.
      if (next_take_ - next_write_++ == window_) room_.notify_all();
    }
    writing_ = false;
  }

  unsigned jobs_;
  std::size_t window_;
  Source source_;
  Writer writer_;
  std::mutex mutex_;
  std::condition_variable room_;
  std::map<std::uint64_t, Result> ready_;
  std::uint64_t next_take_ = 0;
  std::uint64_t next_write_ = 0;
  bool writing_ = false;
  bool exhausted_ = false;
  std::exception_ptr failure_;
};

}  // namespace gafcheck
